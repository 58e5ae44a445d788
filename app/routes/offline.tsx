import { pageMeta } from "./page-heads";

export const meta = pageMeta("/offline");

/** Shown by the service worker for a page that was never opened while online. */
export default function Offline() {
  return (
    <section aria-labelledby="offline-heading">
      <h1 id="offline-heading">You are offline</h1>
      <p>
        This page has not been opened on this phone before, so it is not saved. Pages and quizzes
        you have opened before still work.
      </p>
      <p>
        Your <a href="/saved">saved booklets and papers</a> open without a connection too.
      </p>
    </section>
  );
}
