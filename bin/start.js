#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than its sources, then serves
// the production server. Plain JavaScript, because it runs before anything is built.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const SERVER_ENTRY = "build/server/index.js";
const SOURCES = ["app", "server", "database", "content", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

/** @param {string} entry @returns {number} the newest modification time at or below `entry` */
function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((/** @type {number} */ newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

const builtAt = existsSync(SERVER_ENTRY) ? statSync(SERVER_ENTRY).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newestChange))) {
  console.log(builtAt ? "Sources changed since the last build: building again..." : "No build yet: building...");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.js", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
const { start } = await import(pathToFileURL(path.join(root, SERVER_ENTRY)).href);
await start();
