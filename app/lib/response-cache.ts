import { createHash } from "node:crypto";

/** A kept answer: its status, headers and body, an ETag, and compressed copies made on first use. */
export type CachedAnswer = {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
};

type Computed =
  | string
  | { body: string; status: number; headers?: readonly (readonly [string, string])[] }
  | null;

/**
 * Answers kept in memory by address. An entry lives until `invalidate()` (a change made on
 * this server) or `ttlMs` (a change made by another server process sharing the database),
 * whichever comes first; `maxEntries` bounds the memory it takes.
 */
export function createResponseCache({
  ttlMs,
  maxEntries = 1000,
  now = () => Date.now(),
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const entries = new Map<string, CachedAnswer & { at: number }>();
  const pending = new Map<string, Promise<CachedAnswer | null>>();
  let generation = 0;
  return {
    /** The kept answer for `key`, or `compute()`'s (null: nothing to keep, e.g. not found). */
    async get(key: string, compute: () => Promise<Computed>): Promise<CachedAnswer | null> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit;
      // One computation per key at a time, however many requests arrive together.
      let inFlight = pending.get(key);
      if (!inFlight) {
        const startedIn = generation;
        inFlight = compute()
          .then((computed) => {
            if (computed === null) return null;
            const {
              body,
              status,
              headers = [],
            } = typeof computed === "string" ? { body: computed, status: 200 } : computed;
            const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
            const entry = { body, status, headers, etag, at: now() };
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
