import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { CachedAnswer } from "#app/lib/response-cache";

/**
 * Which answers the server keeps (in app/lib/content-caches.server.ts), so that a busy page
 * or the older app's list costs one render, not one per student, and how a kept answer is
 * sent. The rules are HTTP's own for a shared cache, made strict: what is kept is what every
 * student would be sent.
 */

/**
 * The key an answer to this request may be kept under, or null: only reads, with no query
 * string (nobody could fill the cache with variants), never an admin page, and never for a
 * signed-in browser or a call that names its caller with a token. Takes Node's request, so
 * that server/kept-answers.ts can ask before Express sees it.
 */
export function sharedKeyOf(
  req: Pick<IncomingMessage, "method" | "url" | "headers">,
): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "/";
  if (url.includes("?") || url.startsWith("/admin")) return null;
  // A file is never kept, and a HEAD of one must stay a HEAD: rendered as a GET it would be
  // counted as a download and, with STORAGE_PUBLIC_DOWNLOADS=redirect, answered with a 302.
  if (FILE_ADDRESS.test(url)) return null;
  if (req.headers.cookie?.includes("_session=") || req.headers.authorization) return null;
  return url;
}

const FILE_ADDRESS = /^\/(download|media|files)\//;

/** Headers kept with an answer; the rest are per response (length, encoding) or per request. */
const KEPT_HEADERS = new Set(["content-type", "cache-control"]);

export type KeptAnswer = { status: number; headers: [string, string][]; body: string };

/**
 * Reads a rendered response into an answer that may be kept (`kept`) when it is a whole 200
 * page or JSON document that sets no cookie and that its route does not mark private or
 * uncacheable; otherwise gives the response back to be sent as it is. A page with an inline
 * script is never kept: that script carries a per-response nonce (server/security-headers.ts).
 */
export async function keepable(
  response: Response,
): Promise<{ kept: KeptAnswer } | { response: Response }> {
  const type = response.headers.get("content-type") ?? "";
  const html = type.startsWith("text/html");
  const shareable =
    response.status === 200 &&
    (html || type.startsWith("application/json")) &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/.test(response.headers.get("cache-control") ?? "");
  if (!shareable) return { response };
  const body = await response.text();
  if (html && (!body.includes("</html>") || /<script(?![^>]*\ssrc=)[^>]*>/.test(body))) {
    return { response: new Response(body, { status: response.status, headers: response.headers }) };
  }
  const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name));
  return { kept: { status: response.status, headers, body } };
}

/**
 * Whether the client already has this answer (a 304), by HTTP's rules as Express applies them
 * (its `req.fresh`): an If-None-Match that names the ETag, weak or strong, or "*"; never when
 * the client asks for a fresh copy with `Cache-Control: no-cache`.
 */
export function clientHasIt(headers: IncomingHttpHeaders, etag: string): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (!ifNoneMatch) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers["cache-control"] ?? "")) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Which stored compressed copy of a kept answer this client takes, if any. */
export function copyFor(
  headers: IncomingHttpHeaders,
  entry: Pick<CachedAnswer, "br" | "gzip">,
): "br" | "gzip" | null {
  const accepted = headers["accept-encoding"] ?? "";
  if (entry.br && /\bbr\b/.test(accepted)) return "br";
  if (entry.gzip && /\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/**
 * Sends a kept answer with its ETag (304 when the client has it) and, where the client
 * accepts it, the stored brotli or gzip copy: no compression work per request. `before` are
 * headers already decided for this response (the security headers), sent first. Writes the
 * whole head at once, so it takes Node's response as it is.
 */
export function sendKeptAnswer(
  req: Pick<IncomingMessage, "method" | "headers">,
  res: ServerResponse,
  entry: CachedAnswer,
  before: readonly (readonly [string, string])[],
): number {
  const head: string[] = [];
  for (const [name, value] of before) head.push(name, value);
  for (const [name, value] of entry.headers) head.push(name, value);
  head.push("ETag", entry.etag, "Vary", "Accept-Encoding");
  if (entry.status === 200 && clientHasIt(req.headers, entry.etag)) {
    res.writeHead(304, head);
    res.end();
    return 304;
  }
  const encoding = copyFor(req.headers, entry);
  const bytes = encoding ? entry[encoding]! : entry.bytes;
  if (encoding) head.push("Content-Encoding", encoding);
  head.push("Content-Length", String(bytes.length));
  res.writeHead(entry.status, head);
  res.end(req.method === "HEAD" ? undefined : bytes);
  return entry.status;
}
