import { stat } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serves the build's brotli or gzip copy of a text file (scripts/precompress.mjs) when the
 * browser accepts it: the smallest bytes, with no compression work per request.
 */
export function precompressed(root: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type || req.path.includes("..")) return next();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
      const file = path.join(root, `${req.path}${suffix}`);
      try {
        const stats = await stat(file);
        res.setHeader("Content-Type", type);
        res.setHeader("Content-Encoding", encoding);
        res.setHeader("Vary", "Accept-Encoding");
        if (req.path.startsWith("/assets/"))
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        else res.setHeader("Cache-Control", "public, max-age=3600");
        res.setHeader("Content-Length", String(stats.size));
        return res.sendFile(file, { etag: true, lastModified: false, cacheControl: false });
      } catch {
        // No compressed copy: try the next encoding, then the plain file.
      }
    }
    next();
  };
}
