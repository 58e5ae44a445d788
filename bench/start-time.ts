/**
 * `npm run bench -- start`: how long the production server takes from `node bin/start.js` to
 * its first 200 on /healthz, on the embedded database: a fresh start on an empty DATA_DIR,
 * then restarts on the data it left (docs/decisions/0057-start-within-a-second.md). Each
 * start is stopped with SIGTERM before the next. Median and range of BENCH_START_ROUNDS
 * (5 unless set) of each.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProductionServer } from "#tests/setup/production-server";

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5);

export async function benchStartTime(): Promise<void> {
  console.log(`\nStart to first /healthz answer (embedded database, ${ROUNDS} of each):`);
  const fresh: number[] = [];
  const restart: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-start-"));
    try {
      fresh.push(await timeOneStart(dataDir));
      restart.push(await timeOneStart(dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`fresh start | ${summary(fresh)}`);
  console.log(`restart | ${summary(restart)}`);
}

async function timeOneStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" }, pollMs: 10 });
  const answeredAfter = performance.now() - started;
  await server.stop();
  return answeredAfter;
}

function summary(milliseconds: number[]): string {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${Math.round(median)} ms (${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)} ms)`;
}
