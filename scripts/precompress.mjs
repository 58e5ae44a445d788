// Writes brotli (.br, quality 11) and gzip (.gz, level 9) copies of the built text assets,
// once at build time, so the server sends the smallest bytes without compressing per request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "build/client";
const TEXT = /\.(js|css|svg|json|webmanifest|txt|html)$/;

/** @param {string} folder @returns {Promise<string[]>} */
async function filesBelow(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? filesBelow(path.join(folder, entry.name))
        : [path.join(folder, entry.name)],
    ),
  );
  return nested.flat();
}

let written = 0;
for (const file of await filesBelow(ROOT)) {
  if (!TEXT.test(file)) continue;
  const bytes = await readFile(file);
  if (bytes.byteLength < 512) continue;
  await writeFile(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  );
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  written++;
}
console.log(`precompressed ${written} files`);
