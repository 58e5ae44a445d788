/**
 * `npm run bench -- start`: how long the production server takes from `node bin/start.js` to
 * its first 200 on /healthz, on the embedded database: a fresh start on an empty DATA_DIR,
 * then restarts on the data it left (docs/decisions/0057-start-within-a-second.md). Each
 * start is stopped with SIGTERM before the next. Median and range of BENCH_START_ROUNDS
 * (5 unless set) of each.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { freePort } from "#tests/setup/production-server";

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
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["bin/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return performance.now() - started;
      await setTimeout(10);
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

function summary(milliseconds: number[]): string {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${Math.round(median)} ms (${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)} ms)`;
}
