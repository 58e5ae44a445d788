import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { CachedAnswer } from "#app/lib/response-cache";

/**
 * Which answers the server keeps (in app/lib/content-caches.server.ts), so that a busy page
 * or the older app's list costs one render, not one per student. The rules are HTTP's own
 * for a shared cache, made strict: what is kept is what every student would be sent.
 */

/**
 * The key an answer to this request may be kept under, or null: only reads, with no query
 * string (nobody could fill the cache with variants), never an admin page, and never for a
 * signed-in browser or a call that names its caller with a token.
 */
export function sharedKeyOf(req: ExpressRequest): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (req.originalUrl.includes("?") || req.path.startsWith("/admin")) return null;
  // A file is never kept, and a HEAD of one must stay a HEAD: rendered as a GET it would be
  // counted as a download and, with STORAGE_PUBLIC_DOWNLOADS=redirect, answered with a 302.
  if (FILE_ADDRESS.test(req.path)) return null;
  if (req.headers.cookie?.includes("_session=") || req.headers.authorization) return null;
  return req.originalUrl;
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
 * Sends a kept answer with its ETag (304 when the client has it) and, where the client
 * accepts it, the stored brotli or gzip copy: no compression work per request.
 */
export function sendCached(req: ExpressRequest, res: ExpressResponse, entry: CachedAnswer) {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (entry.status === 200 && req.fresh) return res.status(304).end();
  res.status(entry.status);
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const head = req.method === "HEAD";
  if (/\bbr\b/.test(accepted)) {
    entry.br ??= brotliCompressSync(entry.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9 },
    });
    res.setHeader("Content-Encoding", "br");
    return res.end(head ? undefined : entry.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    entry.gzip ??= gzipSync(entry.body, { level: 9 });
    res.setHeader("Content-Encoding", "gzip");
    return res.end(head ? undefined : entry.gzip);
  }
  res.end(head ? undefined : entry.body);
}
