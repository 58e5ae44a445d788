import type { NextFunction, Request, RequestHandler, Response } from "express";
import { pageResponses as pages } from "#app/lib/content-caches.server";
import { sendCached } from "#app/lib/response-cache";

/**
 * Whole content pages kept in memory, so that a busy page costs one render, not one per
 * student. Only complete HTML pages without inline scripts are kept (a hydrating page's
 * inline script carries a per-response CSP nonce), never a response that sets a cookie; admin
 * pages and signed-in requests always render afresh. Cleared by any content change
 * (contentChanged), and after 10 seconds for changes made by another server process.
 */

export function pageCache(render: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    // Addresses with a query string are not kept: nobody could fill the cache with variants.
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") &&
      !req.url.includes("?") &&
      !req.path.startsWith("/admin") &&
      !req.headers.cookie?.includes("_session=");
    if (!cacheable) return render(req, res, next);
    const entry = await pages.get(req.originalUrl, () => renderAndKeep(render, req, res, next));
    // The request that rendered the page has had its answer already.
    if (res.headersSent || res.writableEnded) return;
    if (!entry) return render(req, res, next);
    sendCached(req, res, entry, { type: "text/html; charset=utf-8" });
  };
}

/**
 * Renders this request through the real handler into a buffer. A cacheable page is then
 * sent by the caller like any cached one (so it too carries an ETag); anything else is
 * sent here as it was rendered.
 */
function renderAndKeep(
  render: RequestHandler,
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<{ body: string; status: number } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const originalWrite = res.write;
    const originalEnd = res.end;
    const restore = () => {
      res.write = originalWrite;
      res.end = originalEnd;
    };
    res.write = ((chunk: unknown) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Buffer | string));
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== "function") chunks.push(Buffer.from(chunk as Buffer | string));
      restore();
      const bytes = Buffer.concat(chunks);
      const body = bytes.toString("utf8");
      // A page with an inline script (hydration, with its per-response nonce) is never kept.
      const complete = body.includes("</html>") && !/<script(?![^>]*\ssrc=)[^>]*>/.test(body);
      const html = String(res.getHeader("content-type") ?? "").startsWith("text/html");
      if (res.statusCode === 200 && html && complete && !res.getHeader("set-cookie")) {
        resolve({ body, status: res.statusCode });
      } else {
        res.end(bytes);
        resolve(null);
      }
      return res;
    }) as Response["end"];
    res.on("close", () => resolve(null));
    Promise.resolve(render(req, res, next)).catch((error: unknown) => {
      restore();
      resolve(null);
      next(error);
    });
  });
}
