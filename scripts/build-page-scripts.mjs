// Bundles each page script (app/page-scripts/<name>.ts) on its own into one small classic
// script, named by its content hash under build/client/assets/ (served immutable, like
// Vite's own assets), and writes build/page-scripts.json ({ name: address }) for the server.
// Why pages carry these instead of React: docs/decisions/0030-small-page-scripts.md.
import { createHash } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "vite";

const SOURCE_DIR = "app/page-scripts";
const OUT_DIR = "build/client/assets";
const MANIFEST = "build/page-scripts.json";

/** @type {Record<string, string>} */
const manifest = {};
for (const file of (await readdir(SOURCE_DIR)).filter((name) => name.endsWith(".ts")).sort()) {
  const name = file.slice(0, -".ts".length);
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
      lib: { entry: path.join(SOURCE_DIR, file), formats: ["iife"], name: "_" },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunk = outputs
    .flatMap((output) => ("output" in output ? output.output : []))
    .find((item) => item.type === "chunk");
  if (!chunk || chunk.type !== "chunk") throw new Error(`${file}: the bundle has no script`);
  const hash = createHash("sha256").update(chunk.code).digest("base64url").slice(0, 8);
  const fileName = `${name}-${hash}.js`;
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(path.join(OUT_DIR, fileName), chunk.code);
  manifest[name] = `/assets/${fileName}`;
}
await writeFile(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`page scripts: ${Object.keys(manifest).join(", ") || "none"}`);
