// Builds when the production build is missing or older than its sources. Plain
// JavaScript, because it runs before anything is built.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_ENTRY = path.join(ROOT, "build/server/index.js");
const SOURCES = [
  "app",
  "server",
  "database",
  "content",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

/** @param {string} entry @returns {number} the newest modification time at or below `entry` */
function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (/** @type {number} */ newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stats.mtimeMs,
  );
}

/** @param {{ quiet?: boolean }} [options] */
export function ensureBuild({ quiet = false } = {}) {
  const builtAt = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
  if (builtAt >= Math.max(...SOURCES.map((source) => newestChange(path.join(ROOT, source)))))
    return;
  console.log(
    builtAt
      ? "Sources changed since the last build: building again..."
      : "No build yet: building...",
  );
  const result = spawnSync(process.execPath, [path.join(ROOT, "bin/build.js")], {
    cwd: ROOT,
    stdio: quiet ? ["ignore", "ignore", "inherit"] : "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
