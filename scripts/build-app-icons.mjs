// Draws the installed app's icons from public/logo-mark.svg into public/icons/: 192 and 512 px
// for any launcher, and a 512 px maskable one whose mark sits inside the middle 80 % circle a
// launcher may cut it to. Run once from the project root, and commit the PNGs:
// node scripts/build-app-icons.mjs
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import sharp from "sharp";

const SOURCE = "public/logo-mark.svg";
const OUT = "public/icons";
/** The mark's own green, which fills the maskable icon's square to its edges. */
const THEME_GREEN = "#0b6e4f";
/** Share of a maskable icon's side the mark takes: its drawing then stays in the safe circle. */
const MASKABLE_MARK_SHARE = 0.7;
/** Each icon is fetched once when the site is installed; kept small for prepaid data. */
const BUDGET_BYTES = 12 * 1024;
const SOURCE_SIZE = 64;

/** @param {Buffer} svg @param {number} size */
function drawMark(svg, size) {
  return sharp(svg, { density: (72 * size) / SOURCE_SIZE }).resize(size, size);
}

/** @param {import("sharp").Sharp} image */
function png(image) {
  return image.png({ palette: true, compressionLevel: 9, effort: 10 }).toBuffer();
}

const svg = await readFile(SOURCE);
await mkdir(OUT, { recursive: true });
const markSize = Math.round(512 * MASKABLE_MARK_SHARE);
const icons = {
  "icon-192.png": await png(drawMark(svg, 192)),
  "icon-512.png": await png(drawMark(svg, 512)),
  "icon-maskable-512.png": await png(
    sharp({ create: { width: 512, height: 512, channels: 4, background: THEME_GREEN } }).composite([
      { input: await drawMark(svg, markSize).toBuffer(), gravity: "centre" },
    ]),
  ),
};

let failed = 0;
for (const [name, bytes] of Object.entries(icons)) {
  const file = `${OUT}/${name}`;
  await writeFile(file, bytes);
  const { size } = await stat(file);
  const over = size > BUDGET_BYTES;
  if (over) failed++;
  console.log(`${over ? "OVER" : "ok  "} ${file} ${size} B`);
}
if (failed) {
  console.error(`${failed} icon(s) over ${BUDGET_BYTES} B`);
  process.exitCode = 1;
}
