import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/offline-search";

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Search needs a connection",
    description: "Search needs a connection. Pages you opened before open without one.",
    path: "/offline/search",
    noindex: true,
    keywords: ["offline", "search", "saved pages", "StudyZed"],
  });

/** A search with no connection (docs/decisions/0047-search-needs-a-connection.md). */
export default function OfflineSearch() {
  return (
    <section aria-labelledby="offline-search-heading">
      <h1 id="offline-search-heading">Search needs a connection</h1>
      <p id="unsearched" className="unsearched" hidden>
        Your search for “<strong></strong>” could not be made.
      </p>
      <p>
        Search looks through the whole site, so it works only online. Nothing was searched and no
        results are shown. Search again when you are back online.
      </p>
      <p>
        Your <a href="/saved">saved booklets and papers</a> open without a connection.
      </p>
      <h2 id="kept-pages-heading">Pages on this phone</h2>
      <p>Pages and quizzes you opened before open without a connection too.</p>
      <ul id="kept-pages" className="kept-pages" aria-labelledby="kept-pages-heading" hidden></ul>
    </section>
  );
}
