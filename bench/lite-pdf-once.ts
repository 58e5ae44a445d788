/** One lite copy of the PDF named on the command line, timed, in a process of its own (bench/lite-pdf.ts). */
import { readFile } from "node:fs/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { makeLitePdf } from "#app/features/downloads/lite-pdf.server";

const full = await readFile(process.argv[2]!);
// The copy is made on a server's own thread, between requests: the longest the thread is held
// is how long a request may wait behind it.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const started = performance.now();
const lite = await makeLitePdf(full);
const ms = performance.now() - started;
loop.disable();
if (!lite.made) throw new Error(`no lite copy: ${lite.reason}`);
process.stdout.write(
  JSON.stringify({
    ms,
    longestStallMs: loop.max / 1e6,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    fullBytes: full.byteLength,
    liteBytes: lite.bytes.byteLength,
  }),
);
