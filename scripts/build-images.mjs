// Renders the SVG sources in content/images-src/{folder}/*.svg to small WebP
// files in public/images/{folder}/: `{name}.webp` at 2x the display size and
// `{name}-1x.webp` at 1x. Run from the project root: node scripts/build-images.mjs
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";

const SRC = "content/images-src";
const OUT = "public/images";

// Display size (CSS pixels) of every image in each folder.
const SIZES = {
  covers: { width: 132, height: 187 },
  books: { width: 240, height: 180 },
  products: { width: 132, height: 187 },
  videos: { width: 320, height: 180 },
  articles: { width: 300, height: 200 },
};

// Size budgets in bytes, checked after every build.
/** @type {Record<number, number>} */
const BUDGET = { 1: 4 * 1024, 2: 9 * 1024 };
// Per-folder overrides for folders with a larger display size.
/** @type {Record<string, Record<number, number>>} */
const FOLDER_BUDGET = { articles: { 1: 6 * 1024, 2: 14 * 1024 } };

// smartSubsample keeps thin copper details from turning grey; the "picture"
// preset (stronger sharpness filter) is about 5% smaller than the default
// with no visible difference on these flat graphics.
/** @type {import("sharp").WebpOptions} */
const WEBP = { quality: 70, effort: 6, smartSubsample: true, preset: "picture" };

/** @param {Buffer} svg @param {number} width @param {number} height @param {number} scale */
async function render(svg, width, height, scale) {
  // SVGs are drawn at 1x (viewBox = display size); rasterise at 72 dpi x scale
  // so vector shapes and text stay sharp, then pin the exact pixel size.
  return sharp(svg, { density: 72 * scale })
    .resize(width * scale, height * scale, { fit: "fill" })
    .webp(WEBP)
    .toBuffer();
}

let failed = 0;
for (const [folder, { width, height }] of Object.entries(SIZES)) {
  const srcDir = join(SRC, folder);
  const outDir = join(OUT, folder);
  await mkdir(outDir, { recursive: true });
  const names = (await readdir(srcDir)).filter((f) => f.endsWith(".svg")).sort();
  for (const file of names) {
    const name = file.slice(0, -4);
    const svg = await readFile(join(srcDir, file));
    for (const scale of [2, 1]) {
      const out = join(outDir, scale === 2 ? `${name}.webp` : `${name}-1x.webp`);
      await writeFile(out, await render(svg, width, height, scale));
      const { size } = await stat(out);
      const budget = (FOLDER_BUDGET[folder] ?? BUDGET)[scale] ?? 0;
      const over = size >= budget;
      if (over) failed++;
      console.log(
        `${over ? "OVER" : "ok  "} ${out} ${width * scale}x${height * scale} ${size} B` +
          (over ? ` (budget ${budget} B)` : ""),
      );
    }
  }
}

if (failed) {
  console.error(`${failed} image(s) over budget`);
  process.exitCode = 1;
}
