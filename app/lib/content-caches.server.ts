import { createResponseCache } from "./response-cache";

/** The older calls' JSON (/List/, /Data/{id}): the app's hot path. 5 s for other processes' changes. */
export const articleResponses = createResponseCache({ ttlMs: 5_000 });

/** Whole script-free content pages (server/page-cache.ts). 10 s for other processes' changes. */
export const pageResponses = createResponseCache({ ttlMs: 10_000, maxEntries: 500 });

/** Call after any change to what students see: every cached answer is dropped. */
export function contentChanged() {
  articleResponses.invalidate();
  pageResponses.invalidate();
}
