import { OFFLINE_PART } from "#app/lib/offline";
import { pageMeta } from "./page-heads";

export const meta = pageMeta("/offline/search");

/** app/page-scripts/offline.ts fills in the query and the pages cached on this phone. */
export default function OfflineSearch() {
  return (
    <section aria-labelledby="offline-search-heading">
      <h1 id="offline-search-heading">Search needs a connection</h1>
      <p id={OFFLINE_PART.unsearched} className="unsearched" hidden>
        Your search for “<strong></strong>” could not be made.
      </p>
      <p>
        Search looks through the whole site, so it works only online. Nothing was searched and no
        results are shown. Search again when you are back online.
      </p>
      <p>
        Your <a href="/saved">saved booklets and papers</a> open without a connection.
      </p>
      <h2 id="cached-pages-heading">Pages on this phone</h2>
      <p>Pages and quizzes you opened before open without a connection too.</p>
      <ul
        id={OFFLINE_PART.cachedPages}
        className="cached-pages"
        aria-labelledby="cached-pages-heading"
        hidden
      ></ul>
    </section>
  );
}
