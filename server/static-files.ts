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

/** Mounts STATIC_FILES, with the build's brotli and gzip copies where a browser accepts them. */
export function serveStaticFiles(app: Express, clientDir: string) {
  app.use(precompressed(clientDir));
  for (const { address, folder, options } of STATIC_FILES) {
    app.use(address, express.static(path.join(clientDir, folder), options));
  }
}
