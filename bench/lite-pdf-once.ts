/** One lite copy of the PDF named on the command line, timed, in a process of its own (bench/lite-pdf.ts). */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout } from "node:timers/promises";
import { makeLitePdf } from "#app/features/downloads/lite-pdf.server";

const full = await readFile(process.argv[2]!);
// The copy is made in the PDF process while the server's thread answers requests: the longest
// that thread is held is how long a request may wait behind the copy.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
await setTimeout(20); // the histogram measures from its first tick, a stall at the next one
const started = performance.now();
const lite = await makeLitePdf(full);
const ms = performance.now() - started;
await setTimeout(20);
loop.disable();
if (!lite.made) throw new Error(`no lite copy: ${lite.reason}`);
// The PDF process idles on after the copy: its peak is the copy's (Linux's VmHWM).
const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "utf8");
const peaksKb = children
  .split(" ")
  .filter(Boolean)
  .map((pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]));
process.stdout.write(
  JSON.stringify({
    ms,
    longestStallMs: loop.max / 1e6,
    peakRssMb: Math.max(process.resourceUsage().maxRSS, ...peaksKb) / 1024,
    fullBytes: full.byteLength,
    liteBytes: lite.bytes.byteLength,
  }),
);
