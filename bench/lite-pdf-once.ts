/** One lite copy of the PDF named on the command line, timed, in a process of its own (bench/lite-pdf.ts). */
import { readFile } from "node:fs/promises";
import { makeLitePdf } from "#app/features/downloads/lite-pdf.server";

const full = await readFile(process.argv[2]!);
const started = performance.now();
const lite = await makeLitePdf(full);
const ms = performance.now() - started;
if (!lite.made) throw new Error(`no lite copy: ${lite.reason}`);
process.stdout.write(
  JSON.stringify({
    ms,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    fullBytes: full.byteLength,
    liteBytes: lite.bytes.byteLength,
  }),
);
