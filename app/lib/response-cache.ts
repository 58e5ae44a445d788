import { createHash } from "node:crypto";

export type CachedBody = { body: string; etag: string };

/**
 * Serialised answers kept in memory for the hot read paths (/List/, /Data/{id}). An
 * entry lives until `invalidate()` (a change on this server) or `ttlMs` (a change made by
 * another server process sharing the database), whichever comes first.
 */
export function createResponseCache({ ttlMs, maxEntries = 1000, now = () => Date.now() }: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const entries = new Map<string, CachedBody & { at: number }>();
  const pending = new Map<string, Promise<CachedBody | null>>();
  let generation = 0;
  return {
    /** The cached body for `key`, or `compute()`'s (null: nothing to cache, e.g. not found). */
    async get(key: string, compute: () => Promise<string | null>): Promise<CachedBody | null> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit;
      // One computation per key at a time, however many requests arrive together.
      let inFlight = pending.get(key);
      if (!inFlight) {
        const startedIn = generation;
        inFlight = compute()
          .then((body) => {
            if (body === null) return null;
            const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"`, at: now() };
            if (startedIn === generation) {
              if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
              entries.set(key, entry);
            }
            return entry;
          })
          .finally(() => pending.delete(key));
        pending.set(key, inFlight);
      }
      return inFlight;
    },
    invalidate() {
      generation++;
      entries.clear();
      pending.clear();
    },
  };
}
