import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { Database } from "#database/client.server";
import { contentVersion } from "#database/schema";
import type { Logger } from "./logger";

export type CachedResponse = {
  status: number;
  headers: [string, string][];
  etag: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
};

export type CacheFill = { render: () => Promise<Response>; uncached?: Response };

const HOUR_MS = 3_600_000;
const SHARED_HEADERS = new Set(["content-type", "cache-control"]);
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>/;
// A 1.1 MB /List/ at brotli 9 took 120–420 ms of a core; quality 6 takes 5–27 ms. A 13 KB page
// of results takes ten times as long at 9 as at 6, for 1% fewer bytes: worth it for a page
// every student asks, not for an address with a query, which few ask again (a search:
// docs/decisions/0079-subtopics-synonyms-and-search-speed.md).
const LARGE_BYTES = 256 * 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** docs/decisions/0067-one-response-cache.md */
export function createResponseCache({
  maxBytes = 64 * 1024 * 1024,
  now,
}: { maxBytes?: number; now?: () => number } = {}) {
  return new LRUCache<string, CachedResponse, CacheFill>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.body.length + entry.br.length + entry.gzip.length + 1,
    // The footer's year changes with time alone.
    ttl: HOUR_MS,
    ...(now ? { perf: { now } } : {}),
    fetchMethod: async (key, _stale, { context }) => {
      const response = await context.render();
      const cached = await cacheable(key, response);
      if (cached instanceof Response) context.uncached = cached;
      else return cached;
    },
  });
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

export const responseCache = createResponseCache();

// The query parameters a page reads (app/lib/response-cache.server.test.ts keeps this list
// true), and React Router's own.
export const PAGE_PARAMETERS = [
  "q",
  "page",
  "next",
  "registered",
  "again",
  "username",
  "v",
  "show",
  "_routes",
  "index",
];

/** The path and the query parameters a page reads, sorted: `/?x=1` is the page `/`. */
export function pageAddress(url: string): string {
  const at = url.indexOf("?");
  if (at === -1) return url;
  const read = [...new URLSearchParams(url.slice(at + 1))]
    .filter(([name]) => PAGE_PARAMETERS.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return read.length ? `${url.slice(0, at)}?${new URLSearchParams(read)}` : url.slice(0, at);
}

export function contentChanged() {
  responseCache.clear();
}

async function cacheable(key: string, response: Response): Promise<CachedResponse | Response> {
  const type = response.headers.get("content-type") ?? "";
  const html = type.startsWith("text/html");
  if (
    response.status !== 200 ||
    !(html || type.startsWith("application/json")) ||
    response.headers.has("set-cookie") ||
    /no-store|private/.test(response.headers.get("cache-control") ?? "")
  )
    return response;
  const body = Buffer.from(await response.arrayBuffer());
  if (html) {
    // An inline script carries this response's nonce (server/security-headers.ts).
    const text = body.toString();
    if (!text.includes("</html>") || INLINE_SCRIPT.test(text)) return new Response(body, response);
  }
  const [br, gzipped] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: key.includes("?") || body.length > LARGE_BYTES ? 6 : 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => SHARED_HEADERS.has(name)),
    etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
    body,
    br,
    gzip: gzipped,
  };
}

export async function readContentVersion(db: Database): Promise<number | undefined> {
  const [row] = await db.select({ version: contentVersion.version }).from(contentVersion);
  return row?.version;
}

/** The database's triggers count changes to content, plain SQL's too. */
export async function followContentVersion({
  db,
  logger,
  cache = responseCache,
  intervalMs = 500,
}: {
  db: Database;
  logger: Logger;
  cache?: ResponseCache;
  intervalMs?: number;
}): Promise<{ stop(): void }> {
  let seen: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const check = async () => {
    try {
      const version = await readContentVersion(db);
      if (version !== seen) cache.clear();
      seen = version;
    } catch (error) {
      // Whatever changed while it was unreadable is dropped once it reads again.
      seen = undefined;
      logger.warn({ err: error }, "the content's version could not be read");
    }
    if (!stopped) timer = setTimeout(() => void check(), intervalMs).unref();
  };
  await check();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
