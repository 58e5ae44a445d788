import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type Express } from "express";
import { precompressed } from "./precompressed";

/**
 * The addresses Express answers from files, before React Router sees a request: the only
 * addresses not in app/routes.ts. Both come from the production build's client folder
 * (build/client), where the build puts its hashed assets and copies public/.
 */
const STATIC_FILES = [
  {
    // Scripts and styles named by their content hash: a changed file gets a new name.
    address: "/assets",
    folder: "assets",
    options: { immutable: true, maxAge: "1y", redirect: false, fallthrough: false },
  },
  {
    // Every file of public/: /images/…, /sw.js, /offline.js, /favicon.svg and the like.
    address: "/",
    folder: ".",
    options: { maxAge: "1h", redirect: false, index: false, dotfiles: "ignore" },
  },
] as const;

/**
 * Mounts STATIC_FILES, with the build's brotli and gzip copies where a browser accepts them.
 * Only an address whose first part names something in the client folder looks for a file:
 * every page and call of the site would otherwise cost a failed `stat` (and, the first time,
 * the error's making took ~30 ms of a restart's first answer).
 */
export function serveStaticFiles(app: Express, clientDir: string) {
  const files = express.Router();
  files.use(precompressed(clientDir));
  for (const { address, folder, options } of STATIC_FILES) {
    files.use(address, express.static(path.join(clientDir, folder), options));
  }
  const topLevel = new Set(readdirSync(clientDir));
  app.use((req, res, next) =>
    topLevel.has(firstPart(req.originalUrl)) ? files(req, res, next) : next(),
  );
}

/** "sw.js" for /sw.js, "images" for /images/logo.svg?v=2; "" when unreadable. */
function firstPart(address: string): string {
  try {
    return decodeURIComponent(address.split(/[/?#]/)[1] ?? "");
  } catch {
    return "";
  }
}
