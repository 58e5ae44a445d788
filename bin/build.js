#!/usr/bin/env node
// `npm run build`: the React Router production build, the pages' small scripts,
// compressed copies of the assets, then the embedded database a fresh start begins from.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
for (const step of [
  ["node_modules/@react-router/dev/bin.js", "build"],
  ["scripts/build-page-scripts.mjs"],
  ["scripts/precompress.mjs"],
  ["scripts/database-template.mjs"],
]) {
  // Always a production build: an inherited NODE_ENV (vitest sets "test") would make Vite
  // bundle React's development build, several times larger.
  const result = spawnSync(process.execPath, step, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
