import { readdirSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import express, { type Express, type RequestHandler } from "express";
import { decoded } from "./request-guards";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/** The only addresses not in app/routes.ts; the rest are not looked for on disk. */
export function serveStaticFiles(app: Express, clientDir = path.resolve("build/client")) {
  const files = express.Router();
  files.use(precompressed(clientDir));
  files.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      redirect: false,
      fallthrough: false,
    }),
  );
  files.use(
    express.static(clientDir, { maxAge: "1h", redirect: false, index: false, dotfiles: "ignore" }),
  );
  const topLevel = new Set(readdirSync(clientDir));
  app.use((req, res, next) => {
    const firstPart = decoded(req.originalUrl.split(/[/?#]/)[1] ?? "");
    return firstPart !== null && topLevel.has(firstPart) ? files(req, res, next) : next();
  });
}

// The build's copies (scripts/precompress.mjs).
function precompressed(root: string): RequestHandler {
  return async (req, res, next) => {
    const type = TYPES[path.extname(req.path)];
    if ((req.method !== "GET" && req.method !== "HEAD") || !type || req.path.includes(".."))
      return next();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
      const file = path.join(root, `${req.path}${suffix}`);
      const stats = await stat(file).catch(() => undefined);
      if (!stats) continue;
      res.set({
        "Content-Type": type,
        "Content-Encoding": encoding,
        Vary: "Accept-Encoding",
        "Cache-Control": req.path.startsWith("/assets/")
          ? "public, max-age=31536000, immutable"
          : "public, max-age=3600",
        "Content-Length": String(stats.size),
      });
      return res.sendFile(file, { etag: true, lastModified: false, cacheControl: false });
    }
    next();
  };
}
