import { createResponseCache } from "./response-cache";

/**
 * Answers that are the same for every student (content pages, the older app's JSON), kept
 * by server/response-cache.ts. A change made by another server process sharing the database
 * arrives as a notification (server/content-change-bus.ts); the five seconds bound how long
 * it takes to show should that notification be lost
 * (docs/decisions/0052-one-cache-for-all-servers.md).
 */
export const sharedResponses = createResponseCache({ ttlMs: 5_000, maxEntries: 1000 });

let tellOtherProcesses: (() => Promise<void>) | undefined;

/**
 * How this process tells the others sharing its database that content changed (set by
 * server/app.ts when there are others; undefined on the embedded database).
 */
export function setContentChangePublisher(publish: (() => Promise<void>) | undefined) {
  tellOtherProcesses = publish;
}

/** Call after any change to what students see: every kept answer, in every process, is dropped. */
export function contentChanged() {
  sharedResponses.invalidate();
  void tellOtherProcesses?.();
}

/** Drops this process's kept answers, telling no one (another process changed content). */
export function clearLocalContentCaches() {
  sharedResponses.invalidate();
}
