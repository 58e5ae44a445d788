import { OFFLINE_PART } from "#app/lib/offline";
import { pageMeta } from "./page-heads";

export const meta = pageMeta("/saved");

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
