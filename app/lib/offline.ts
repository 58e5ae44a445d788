// What the service worker (app/service-worker/sw.ts), the offline helper
// (app/page-scripts/offline.ts) and the pages they fill share (docs/requirements.md, "Light and
// offline").
import { START_URL } from "./web-app-manifest";

export const SERVICE_WORKER = "/sw.js";
export const OFFLINE_HELPER = "/offline.js";

export const CACHE = { pages: "pages-v1", static: "static-v1", saved: "saved-files" } as const;

export const OFFLINE_PAGE = "/offline";
/** Shown for a search with no connection (docs/decisions/0047-search-needs-a-connection.md). */
export const SEARCH_OFFLINE_PAGE = "/offline/search";
/** The installed app's start page and the saved list open with no connection (docs/decisions/0034). */
export const START_PAGES = [START_URL, "/saved"];

/** The elements of the pages that the offline helper fills, by id. */
export const OFFLINE_PART = {
  install: "install-app",
  savedList: "saved-list",
  cachedPages: "cached-pages",
  unsearched: "unsearched",
} as const;

/** Between a page and the worker: what the page loaded before the worker controlled it, a check of every saved file, and its outcome. */
export type WorkerMessage = { cache?: string[]; refreshSaved?: boolean; savedRefreshed?: boolean };

/**
 * My progress and My account hold one student's results and details: never cached, so a
 * shared phone never shows them to the next student, not even offline
 * (docs/decisions/0044-my-progress.md, docs/decisions/0045-the-account-pages.md).
 */
export const isPrivatePage = (path: string) => /^\/(progress|account)(\/|$)/.test(path);

/**
 * Pages are cached by path alone, so a cached /search?q=a would be shown for /search?q=b: no
 * search address is cached (docs/decisions/0047-search-needs-a-connection.md).
 */
export const isSearchPage = (path: string) => /^\/search(\/|$)/.test(path);

/** What /saved shows of a saved file, so it needs no connection; by the file's address. */
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

/** The saved files' list, kept in their cache under an address no file has. */
const SAVED_INDEX = "/__saved-index";

export async function readSavedFiles(cache: Cache): Promise<SavedFiles> {
  const index = await cache.match(SAVED_INDEX);
  return index ? ((await index.json()) as SavedFiles) : {};
}

export function writeSavedFiles(cache: Cache, files: SavedFiles): Promise<void> {
  const body = JSON.stringify(files);
  return cache.put(
    SAVED_INDEX,
    new Response(body, { headers: { "content-type": "application/json" } }),
  );
}
