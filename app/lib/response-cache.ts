import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type CachedBody = {
  body: string;
  status: number;
  etag: string;
  /** Compressed copies, made on first use. */
  br?: Buffer;
  gzip?: Buffer;
};
type Computed = string | { body: string; status: number } | null;

/**
 * Serialised answers kept in memory for the hot read paths (/List/, /Data/{id}). An
 * entry lives until `invalidate()` (a change on this server) or `ttlMs` (a change made by
 * another server process sharing the database), whichever comes first.
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
  const entries = new Map<string, CachedBody & { at: number }>();
  const pending = new Map<string, Promise<CachedBody | null>>();
  let generation = 0;
  return {
    /** The cached body for `key`, or `compute()`'s (null: nothing to cache, e.g. not found). */
    async get(key: string, compute: () => Promise<Computed>): Promise<CachedBody | null> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit;
      // One computation per key at a time, however many requests arrive together.
      let inFlight = pending.get(key);
      if (!inFlight) {
        const startedIn = generation;
        inFlight = compute()
          .then((computed) => {
            if (computed === null) return null;
            const { body, status } =
              typeof computed === "string" ? { body: computed, status: 200 } : computed;
            const entry = {
              body,
              status,
              etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
              at: now(),
            };
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

/**
 * Sends a cached body with its ETag (304 when the client has it) and, where the client
 * accepts it, the stored brotli or gzip copy: no compression work per request.
 */
export function sendCached(
  req: Request,
  res: Response,
  entry: CachedBody,
  { type }: { type: string },
) {
  const { status } = entry;
  res.setHeader("ETag", entry.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (status === 200 && req.fresh) return res.status(304).end();
  res.status(status).setHeader("Content-Type", type);
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) {
    entry.br ??= brotliCompressSync(entry.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
    });
    res.setHeader("Content-Encoding", "br");
    return res.end(req.method === "HEAD" ? undefined : entry.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    entry.gzip ??= gzipSync(entry.body, { level: 9 });
    res.setHeader("Content-Encoding", "gzip");
    return res.end(req.method === "HEAD" ? undefined : entry.gzip);
  }
  res.end(req.method === "HEAD" ? undefined : entry.body);
}
