import { START_URL } from "./web-app-manifest";

export const SERVICE_WORKER = "/sw.js";
export const OFFLINE_HELPER = "/offline.js";

// Pages drawn for a signed-in student are kept apart, and forgotten when no one is signed in
// (docs/decisions/0103-who-is-signed-in-on-every-copy.md); v2 leaves behind v1's mixed copies.
export const CACHE = {
  pages: "pages-v2",
  signedInPages: "signed-in-pages-v1",
  static: "static-v1",
  saved: "saved-files",
} as const;

/** On a page drawn for a signed-in student (docs/decisions/0103-who-is-signed-in-on-every-copy.md). */
export const SIGNED_IN_HEADER = "StudyZed-Signed-In";

export const OFFLINE_PAGE = "/offline";
export const SEARCH_OFFLINE_PAGE = "/offline/search";
export const START_PAGES = [START_URL, "/saved"];

export const OFFLINE_PART = {
  install: "install-app",
  savedList: "saved-list",
  cachedPages: "cached-pages",
  unsearched: "unsearched",
} as const;

export type WorkerMessage = { cache?: string[]; refreshSaved?: boolean; savedRefreshed?: boolean };

// A shared phone never shows one student's pages to the next.
export const isPrivatePage = (path: string) =>
  /^\/(progress|account|classes|join)(\/|$)/.test(path);

// Pages are cached by path alone: a cached /search?q=a would show for /search?q=b.
export const isSearchPage = (path: string) => /^\/search(\/|$)/.test(path);

export type SavedFiles = Record<
  string,
  {
    title: string | null;
    subject: string | null;
    year: number | null;
    label: string | null;
    bytes: number;
    page: string;
  }
>;

const SAVED_INDEX = "/__saved-index";

export async function readSavedFiles(cache: Cache): Promise<SavedFiles> {
  const index = await cache.match(SAVED_INDEX);
  return index ? ((await index.json()) as SavedFiles) : {};
}

export const writeSavedFiles = (cache: Cache, files: SavedFiles) =>
  cache.put(
    SAVED_INDEX,
    new Response(JSON.stringify(files), { headers: { "content-type": "application/json" } }),
  );
