/**
 * `npm run bench -- lite`: how long the lite copy of the 40-page scanned fixture takes, its
 * process's peak memory (which must stay under 512 MB), and the bytes it saves
 * (docs/decisions/0064-lite-pdf-copies.md). The fixture is made first, in this process; the
 * copy is made in a process of its own, so its peak resident memory is the copy's alone.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { scannedPdf } from "#tests/setup/pdf-fixtures";

const ROUNDS = Number(process.env.BENCH_LITE_ROUNDS ?? 3);

export async function benchLitePdf(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), "studyzed-lite-"));
  try {
    const full = path.join(folder, "scanned.pdf");
    await writeFile(full, await scannedPdf(40));
    console.log(
      `\nLite copy of the 40-page scanned fixture (${ROUNDS} runs, each its own process):`,
    );
    console.log("run | ms | longest event-loop stall ms | peak RSS MB | full MB | lite MB | saved");
    for (let round = 1; round <= ROUNDS; round++) {
      const child = spawnSync(
        process.execPath,
        ["--import", "tsx", path.resolve("bench/lite-pdf-once.ts"), full],
        { encoding: "utf8" },
      );
      if (child.status !== 0) throw new Error(`the lite copy failed: ${child.stderr}`);
      const { ms, longestStallMs, peakRssMb, fullBytes, liteBytes } = JSON.parse(child.stdout) as {
        ms: number;
        longestStallMs: number;
        peakRssMb: number;
        fullBytes: number;
        liteBytes: number;
      };
      console.log(
        `${round} | ${Math.round(ms)} | ${Math.round(longestStallMs)} | ${peakRssMb.toFixed(0)} | ${(fullBytes / 1e6).toFixed(2)} | ${(liteBytes / 1e6).toFixed(2)} | ${Math.round((1 - liteBytes / fullBytes) * 100)}% (${(fullBytes / liteBytes).toFixed(1)}× smaller)`,
      );
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
