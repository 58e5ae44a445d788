import { createResponseCache } from "./response-cache";

/**
 * Answers that are the same for every student (content pages, the older app's JSON), kept
 * by server/response-cache.ts. Five seconds bounds how long a change made by another server
 * process sharing the database takes to show.
 */
export const sharedResponses = createResponseCache({ ttlMs: 5_000, maxEntries: 1000 });

/** Call after any change to what students see: every kept answer is dropped. */
export function contentChanged() {
  sharedResponses.invalidate();
}
