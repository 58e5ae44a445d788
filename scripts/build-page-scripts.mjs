// Bundles each page script (app/page-scripts/<name>.ts) on its own into one small classic
// script named by its content hash under build/client/assets/ (served immutable), and writes
// build/page-scripts.json ({ name: address }) for the server. The offline helper and the
// service worker keep one address each, which pages and phones already hold
// (docs/decisions/0030-small-page-scripts.md, docs/decisions/0071-one-way-to-post-a-form-and-a-typed-service-worker.md).
import { createHash } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "vite";

const SOURCE_DIR = "app/page-scripts";
const CLIENT_DIR = "build/client";
const MANIFEST = "build/page-scripts.json";
/** @type {Record<string, string>} */
const FIXED_ADDRESS = { offline: "/offline.js", "service-worker": "/sw.js" };

const entries = (await readdir(SOURCE_DIR))
  .filter((file) => file.endsWith(".ts"))
  .sort()
  .map((file) => ({ name: file.slice(0, -".ts".length), entry: path.join(SOURCE_DIR, file) }));
entries.push({ name: "service-worker", entry: "app/service-worker/sw.ts" });

/** @type {Record<string, string>} */
const manifest = {};
for (const { name, entry } of entries) {
  const code = await bundle(entry);
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
  const address = FIXED_ADDRESS[name] ?? `/assets/${name}-${hash}.js`;
  await mkdir(path.dirname(path.join(CLIENT_DIR, address)), { recursive: true });
  await writeFile(path.join(CLIENT_DIR, address), code);
  if (name !== "service-worker") manifest[name] = address;
}
await writeFile(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`page scripts: ${entries.map(({ name }) => name).join(", ")}`);

/** @param {string} entry @returns {Promise<string>} */
async function bundle(entry) {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
    // The bundle runs in the browser: nothing of Node's, and production code paths only.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      // Android phones a few years old: Chrome 80 and later.
      target: "chrome80",
      lib: { entry, formats: ["iife"], name: "_" },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ("output" in output ? output.output : []))
    .find((item) => item.type === "chunk");
  if (!chunk || chunk.type !== "chunk") throw new Error(`${entry}: the bundle has no script`);
  return chunk.code;
}
