import express, { type Express } from "express";
import { precompressed } from "./precompressed";

/**
 * The addresses Express answers from files, before React Router sees a request: the only
 * addresses not in app/routes.ts. Each serves the production build's client folder
 * (build/client), where the build puts its hashed assets and copies public/.
 */
export const STATIC_FILES = [
  {
    addresses: "/assets/*",
    what: "scripts and styles the build names by their content hash",
    kept: "a year, immutable: a changed file gets a new name",
  },
  {
    addresses: "/{any file in public/}: /images/…, /sw.js, /offline.js, /favicon.svg, …",
    what: "pictures, icons, the service worker and the offline helper",
    kept: "an hour",
  },
] as const;

/** Mounts STATIC_FILES, with the build's brotli and gzip copies where a browser accepts them. */
export function serveStaticFiles(app: Express, clientDir: string) {
  app.use(precompressed(clientDir));
  app.use(
    "/assets",
    express.static(`${clientDir}/assets`, {
      immutable: true,
      maxAge: "1y",
      redirect: false,
      fallthrough: false,
    }),
  );
  app.use(
    express.static(clientDir, { maxAge: "1h", redirect: false, index: false, dotfiles: "ignore" }),
  );
}
