import { OFFLINE_PART } from "#app/lib/offline";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/saved";

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Saved for offline",
    description:
      "The booklets and papers you saved on this phone, how much space they take, and how to remove them.",
    path: "/saved",
    noindex: true,
    keywords: ["saved for offline", "downloads", "StudyZed"],
  });

/** The offline helper (app/page-scripts/offline.ts) fills the list from this phone's own storage. */
export default function Saved() {
  return (
    <section aria-labelledby="saved-heading">
      <h1 id="saved-heading">Saved for offline</h1>
      <div id={OFFLINE_PART.savedList} aria-live="polite">
        <p>
          Your saved booklets and papers are listed here. Saving needs a browser that can keep files
          offline.
        </p>
      </div>
    </section>
  );
}
