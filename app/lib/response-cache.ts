import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * A kept answer: its status, headers and body (as text and as the bytes sent), an ETag, and
 * its brotli and gzip copies.
 */
export type CachedAnswer = {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: string;
  bytes: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
};

type Computed =
  | string
  | { body: string; status: number; headers?: readonly (readonly [string, string])[] }
  | null;

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Past this size a brotli copy is made at quality 6, not 9: on a 1.1 MB /List/ of 2,000
 * articles quality 9 took 120–420 ms of a core, which the list's rebuild waits for and the
 * site's other requests share two cores with, against 5–27 ms, for a copy 7% smaller on
 * English text (docs/decisions/0058-list-items-kept-as-text.md).
 */
const LARGE_ANSWER_BYTES = 256 * 1024;

/**
 * Makes the compressed copies on libuv's thread pool: a 1 MB /List/ takes a tenth of a second
 * or more to compress, time the event loop keeps serving other requests
 * (docs/decisions/0055-cache-rebuilds-never-stall.md). An answer is kept, and sent, once
 * its copies are made: a phone on a metered connection never gets the uncompressed bytes
 * because it asked first. A failure leaves that copy out.
 */
async function addCompressedCopies(entry: CachedAnswer): Promise<void> {
  const { bytes } = entry;
  await Promise.all([
    brotliCompressAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: bytes.length > LARGE_ANSWER_BYTES ? 6 : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).then(
      (br) => (entry.br = br),
      () => {},
    ),
    gzipAsync(bytes, { level: 9 }).then(
      (gzipped) => (entry.gzip = gzipped),
      () => {},
    ),
  ]);
}

/** A kept answer, with when it was made, when it was last known right, and from what version. */
type KeptAnswer = CachedAnswer & { madeAt: number; confirmedAt: number; version: unknown };

/**
 * Answers kept in memory by address. An entry lives until `invalidate()` (a change made on
 * this server, or told by another) or `ttlMs` (a change made by another server process whose
 * message was lost), whichever comes first; `maxEntries` bounds the memory it takes.
 *
 * With `readVersion` (`setFreshness`), an answer past its TTL is first checked, not made
 * again: when the content's version is still the one read before it was made, it is kept for
 * another TTL. A 1 MB /List/ is then made again only after a change, instead of by every
 * process every TTL; `longestMs` still bounds what changes with time alone (the footer's
 * year) (docs/decisions/0061-kept-answers-confirmed-by-content-version.md).
 */
export function createResponseCache({
  ttlMs: initialTtlMs,
  longestMs = Infinity,
  maxEntries = 1000,
  now = () => Date.now(),
}: {
  ttlMs: number;
  longestMs?: number;
  maxEntries?: number;
  now?: () => number;
}) {
  let ttlMs = initialTtlMs;
  let readVersion: (() => Promise<unknown>) | undefined;
  let versionBeingRead: Promise<unknown> | undefined;
  const entries = new Map<string, KeptAnswer>();
  const pending = new Map<string, Promise<CachedAnswer | null>>();
  let generation = 0;

  /**
   * An answer past its TTL is still sent while its replacement is being made, for at most
   * another TTL: the TTL only bounds how late a change made by another server process
   * shows, and without this every request for a big answer (a 1 MB /List/) would wait for
   * the rebuild every TTL (docs/decisions/0055-cache-rebuilds-never-stall.md). A change made
   * here (`invalidate`) drops every answer at once, so it shows on the next request.
   */
  function usable(key: string): KeptAnswer | undefined {
    const hit = entries.get(key);
    if (!hit) return undefined;
    const age = now() - hit.confirmedAt;
    return age < ttlMs || (age < 2 * ttlMs && pending.has(key)) ? hit : undefined;
  }

  /**
   * The content's version now (undefined when there is no way to know, or the read failed):
   * one read at a time, shared by every answer that asks while it is made.
   */
  function currentVersion(): Promise<unknown> {
    if (!readVersion) return Promise.resolve(undefined);
    if (!versionBeingRead) {
      const reading: Promise<unknown> = readVersion()
        .catch(() => undefined)
        .finally(() => {
          if (versionBeingRead === reading) versionBeingRead = undefined;
        });
      versionBeingRead = reading;
    }
    return versionBeingRead;
  }

  /** Made again, or confirmed when the content has not changed since `hit` was made. */
  async function remake(
    key: string,
    hit: KeptAnswer | undefined,
    compute: () => Promise<Computed>,
  ): Promise<CachedAnswer | null> {
    const startedIn = generation;
    // Read before the content is: an answer is never older than the version it is kept with.
    // Without a way to read it, made at once (in the caller's turn, as without a version).
    const version = readVersion ? await currentVersion() : undefined;
    if (hit && version !== undefined && version === hit.version && now() - hit.madeAt < longestMs) {
      if (startedIn === generation) hit.confirmedAt = now();
      return hit;
    }
    const computed = await compute();
    if (computed === null) {
      if (startedIn === generation) entries.delete(key);
      return null;
    }
    const {
      body,
      status,
      headers = [],
    } = typeof computed === "string" ? { body: computed, status: 200 } : computed;
    const bytes = Buffer.from(body);
    const etag = `"${createHash("sha1").update(bytes).digest("base64url")}"`;
    const madeAt = now();
    const kept: KeptAnswer = {
      body,
      bytes,
      status,
      headers,
      etag,
      madeAt,
      confirmedAt: madeAt,
      version,
    };
    await addCompressedCopies(kept);
    if (startedIn === generation) {
      if (!entries.has(key) && entries.size >= maxEntries)
        entries.delete(entries.keys().next().value!);
      entries.set(key, kept);
    }
    return kept;
  }

  return {
    /** The kept answer for `key` when there is one to send now; never computes. */
    peek: usable,
    /** The kept answer for `key`, or `compute()`'s (null: nothing to keep, e.g. not found). */
    async get(key: string, compute: () => Promise<Computed>): Promise<CachedAnswer | null> {
      const hit = entries.get(key);
      const age = hit ? now() - hit.confirmedAt : Infinity;
      if (hit && age < ttlMs) return hit;
      // One computation per key at a time, however many requests arrive together.
      let inFlight = pending.get(key);
      if (!inFlight) {
        const computing = remake(key, hit, compute).finally(() => {
          // A computation begun after an invalidation may hold the key by now.
          if (pending.get(key) === computing) pending.delete(key);
        });
        pending.set(key, computing);
        inFlight = computing;
      }
      // Past its TTL but not too old: sent now, while its replacement is made.
      if (hit && age < 2 * ttlMs) {
        inFlight.catch(() => {});
        return hit;
      }
      return inFlight;
    },
    /**
     * Set once the server knows whether other processes share its database: how long an
     * answer is trusted, and how to read the content's version (none: made again).
     */
    setFreshness(freshness: { ttlMs: number; readVersion?: () => Promise<unknown> }) {
      ttlMs = freshness.ttlMs;
      readVersion = freshness.readVersion;
    },
    invalidate() {
      generation++;
      entries.clear();
      pending.clear();
    },
  };
}
