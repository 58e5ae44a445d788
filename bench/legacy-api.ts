/**
 * `npm run bench -- legacy`: the older app's /List/ and /Data/5 on StudyZed and on the older
 * backend (rebuilt in ../shared/older-backend, Django + gunicorn with 2 workers on SQLite, as
 * its run.sh serves it), each seeded with 20 and with 2,000 articles (BENCH_SIZES) of the same
 * shape, measured with the same tool in the same run: wrk, one thread, 50 connections, 10 s, no
 * Accept-Encoding (as the older backend's own bench), median of BENCH_ROUNDS interleaved
 * rounds (3 unless set). Then, at 2,000 articles, an uncached /List/ on each server: the
 * median of 9 single requests of an address no server caches, after 5 untimed.
 *
 * StudyZed runs in each configuration of `studyzedConfigurations()`: one server on the embedded
 * database, and one on PostgreSQL when BENCH_POSTGRES_URL (or DATABASE_URL) names a server
 * whose user may create databases.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  freePort,
  startProductionServer,
  type ProductionServer,
} from "#tests/setup/production-server";
import { createEmptyPostgresDatabase } from "#tests/setup/test-database";
import { startBareNode } from "./bare-node-floor";
import { seedBenchArticles } from "./legacy-articles";
import { plainGet } from "./plain-get";
import { cpuOfProcesses, postgresProcesses } from "./process-cpu";

const SIZES = (process.env.BENCH_SIZES ?? "20,2000").split(",").map(Number);
const ENDPOINTS = ["/List/", "/Data/5"];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** The size at which an uncached /List/ is timed, and how many times. */
const UNCACHED_SIZE = 2000;
const UNCACHED_SAMPLES = 9;
/**
 * An uncached /List/ is asked as /List/?page=N: each new value of a query parameter that pages
 * read is a new entry in the cache (app/lib/response-cache.server.ts), made afresh and
 * compressed, as after a change to content; the older backend ignores the query as the
 * route does. Each server is first asked UNCACHED_WARM_UP times untimed (its code compiled
 * and its database's pages read, as on a server that has been running), then timed a second
 * apart, so that one request does not wait on the last.
 */
const UNCACHED_WARM_UP = 5;
const UNCACHED_PAUSE_MS = 1_000;

type Configuration = { name: string; env: Record<string, string>; postgresUrl?: string };

/** The StudyZed configurations measured; one more entry is one more row per size and endpoint. */
function studyzedConfigurations(): Configuration[] {
  const configurations: Configuration[] = [{ name: "embedded, 1 process", env: {} }];
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL;
  if (postgresUrl) configurations.push({ name: "PostgreSQL, 1 process", env: {}, postgresUrl });
  return configurations;
}

/**
 * `floor`: a bare Node server sending StudyZed's bytes, the most this machine allows.
 * `cpuMs`: the CPU time used so far by every process that answers for it (its database
 * server's too), to learn what a request costs.
 */
type Server = {
  label: string;
  url: string;
  floor?: boolean;
  cpuMs?: () => number;
  stop(): Promise<void>;
};
type Result = { requestsPerSecond: number; p99Ms: number; errors: string };

export async function benchLegacyApi(): Promise<void> {
  console.log(
    `\nThe older app's calls (wrk -t1 -c50 -d${SECONDS}s --latency, no Accept-Encoding, median of ${ROUNDS} interleaved rounds):`,
  );
  if (!commandExists("wrk")) {
    console.log("legacy API bench skipped: wrk is not installed (apt-get install -y wrk)");
    return;
  }
  const olderDir = path.resolve(process.env.OLDER_BACKEND_DIR ?? "../shared/older-backend");
  const olderPresent = existsSync(path.join(olderDir, "project", "manage.py"));
  const olderRunnable =
    olderPresent &&
    existsSync("/usr/bin/gunicorn") &&
    spawnSync("/usr/bin/python3", ["-c", "import django, rest_framework, rest_framework_simplejwt"])
      .status === 0;
  if (!olderPresent)
    console.log(
      `older backend not found at ${olderDir} (set OLDER_BACKEND_DIR): measuring StudyZed alone`,
    );
  else if (!olderRunnable)
    console.log(
      `older backend's Debian packages missing (its run.sh installs them): measuring StudyZed alone`,
    );
  const rows: string[] = [];
  const uncachedRows: string[] = [];
  for (const size of SIZES) {
    const servers: Server[] = [];
    try {
      for (const configuration of studyzedConfigurations())
        servers.push(await startStudyzed(configuration, size));
      servers.push({
        label: "bare Node http, same bytes",
        floor: true,
        ...(await startBareNode(servers[0]!.url, ENDPOINTS)),
      });
      if (olderRunnable) servers.push(await startOlderBackend(olderDir, size));
      const results = new Map<string, Result[]>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const endpoint of ENDPOINTS) {
          for (const server of servers) {
            const key = `${server.label} ${endpoint}`;
            results.set(key, [...(results.get(key) ?? []), await wrk(`${server.url}${endpoint}`)]);
          }
        }
      }
      const older = servers.find((server) => server.label === "older");
      for (const endpoint of ENDPOINTS) {
        const olderResult = older && median(results.get(`older ${endpoint}`)!);
        for (const server of servers.filter((one) => one !== older)) {
          const ours = median(results.get(`${server.label} ${endpoint}`)!);
          rows.push(
            [
              size,
              endpoint,
              server.label,
              Math.round(ours.requestsPerSecond),
              ours.p99Ms.toFixed(1),
              olderResult ? Math.round(olderResult.requestsPerSecond) : "-",
              olderResult ? olderResult.p99Ms.toFixed(1) : "-",
              olderResult
                ? `${(ours.requestsPerSecond / olderResult.requestsPerSecond).toFixed(1)}×`
                : "-",
              [ours.errors, olderResult?.errors].filter(Boolean).join("; ") || "none",
            ].join(" | "),
          );
        }
      }
      if (size === UNCACHED_SIZE)
        uncachedRows.push(...(await timeUncachedList(servers.filter((server) => !server.floor))));
    } finally {
      for (const server of servers) await server.stop();
    }
  }
  console.log(
    "articles | endpoint | StudyZed configuration | StudyZed req/s | p99 ms | older req/s | p99 ms | ratio | errors",
  );
  for (const row of rows) console.log(row);
  console.log(
    `\nAn uncached /List/ at ${UNCACHED_SIZE} articles (/List/?page=N, one request, no Accept-Encoding, ${UNCACHED_PAUSE_MS / 1000} s apart after ${UNCACHED_WARM_UP} untimed, median of ${UNCACHED_SAMPLES}):`,
  );
  console.log("server | median ms | CPU ms a request | each ms");
  for (const row of uncachedRows) console.log(row);
}

/**
 * Times one uncached /List/ on each server, UNCACHED_SAMPLES times, the servers asked one
 * after the other, and what each request cost in CPU time (its processes', and its database
 * server's, over the requests timed; the older backend's SQLite works in its own processes).
 * The older backend caches nothing: every request of its is uncached.
 */
async function timeUncachedList(servers: readonly Server[]): Promise<string[]> {
  const samples = new Map<Server, number[]>(servers.map((server) => [server, []]));
  const cpu = new Map<Server, number>(servers.map((server) => [server, 0]));
  for (let warmUp = 0; warmUp < UNCACHED_WARM_UP; warmUp++)
    for (const server of servers) await timeOneGet(`${server.url}/List/?page=warm-up-${warmUp}`);
  for (let sample = 0; sample < UNCACHED_SAMPLES; sample++) {
    await new Promise((resolve) => setTimeout(resolve, UNCACHED_PAUSE_MS));
    for (const server of servers) {
      const cpuBefore = server.cpuMs?.() ?? NaN;
      samples.get(server)!.push(await timeOneGet(`${server.url}/List/?page=${sample}`));
      // Work a request leaves behind (a freed buffer's collection) is counted a little later.
      await new Promise((resolve) => setTimeout(resolve, 100));
      cpu.set(server, cpu.get(server)! + (server.cpuMs?.() ?? NaN) - cpuBefore);
    }
  }
  return servers.map((server) => {
    const times = samples.get(server)!;
    const sorted = [...times].sort((a, b) => a - b);
    return [
      server.label,
      sorted[Math.floor(sorted.length / 2)]!.toFixed(1),
      (cpu.get(server)! / UNCACHED_SAMPLES).toFixed(1),
      times.map((ms) => ms.toFixed(1)).join(", "),
    ].join(" | ");
  });
}

/** Milliseconds from sending a GET, without Accept-Encoding, to its body's last byte. */
async function timeOneGet(url: string): Promise<number> {
  const started = performance.now();
  await plainGet(url);
  return performance.now() - started;
}

async function startStudyzed(configuration: Configuration, size: number): Promise<Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-bench-legacy-"));
  let dropDatabase = async () => {};
  const env: Record<string, string> = { LOG_LEVEL: "warn", ...configuration.env };
  if (configuration.postgresUrl) {
    process.env.TEST_DATABASE_URL ??= configuration.postgresUrl;
    const database = await createEmptyPostgresDatabase();
    dropDatabase = () => database.drop();
    env.DATABASE_URL = database.url;
    env.JWT_SECRET = "bench-secret-0123456789-abcdefghijklmnopqrstu";
    await seedBenchArticles({ kind: "postgres", url: database.url }, size);
  } else {
    await seedBenchArticles({ kind: "pglite", dir: path.join(dataDir, "pglite") }, size);
  }
  let server: ProductionServer;
  try {
    // The start-up work first (a fresh data folder makes its ~580 sample files in the
    // background, which took the p99 from ~35 ms to ~280 ms), then the server measured is a
    // restart on the same data, as a site runs between changes.
    const first = await startProductionServer({
      dataDir,
      env: { ...env, LOG_LEVEL: "info" },
      waitForSamples: true,
    });
    await first.stop();
    server = await startProductionServer({ dataDir, env });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  await warmUp(server.url);
  const pid = server.process.pid!;
  return {
    label: configuration.name,
    url: server.url,
    cpuMs: cpuOfProcesses(() =>
      configuration.postgresUrl ? [pid, ...postgresProcesses()] : [pid],
    ),
    stop: async () => {
      await server.stop();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The older backend as its run.sh serves it: a fresh SQLite database, gunicorn with 2 workers. */
async function startOlderBackend(olderDir: string, size: number): Promise<Server> {
  const state = await mkdtemp(path.join(tmpdir(), "older-backend-bench-"));
  const project = path.join(olderDir, "project");
  const env = { ...process.env, DRF_ANCHOR_STATE: state };
  for (const args of [
    ["manage.py", "migrate", "-v0"],
    ["manage.py", "seed", "--articles", String(size), "--length", "400"],
  ]) {
    const run = spawnSync("/usr/bin/python3", args, { cwd: project, env, encoding: "utf8" });
    if (run.status !== 0) throw new Error(`older backend ${args[1]} failed:\n${run.stderr}`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    "/usr/bin/gunicorn",
    ["--workers", "2", "--bind", `127.0.0.1:${port}`, "baseline.wsgi:application"],
    { cwd: project, env, stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/List/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 150 || child.exitCode !== null) throw new Error("the older backend did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await warmUp(url);
  return {
    label: "older",
    url,
    cpuMs: cpuOfProcesses(() => [child.pid!]),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      await rm(state, { recursive: true, force: true });
    },
  };
}

/** Each response asked for 20 times, each on a new connection, as on a site that has been running. */
async function warmUp(url: string) {
  for (let index = 0; index < 20; index++)
    for (const endpoint of ENDPOINTS) await plainGet(`${url}${endpoint}`);
}

async function wrk(url: string): Promise<Result> {
  const child = spawn(
    "wrk",
    ["-t1", "-c50", `-d${SECONDS}s`, "--timeout", "30s", "--latency", url],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once("exit", resolve));
  const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(output);
  const p99Ms = p99
    ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2] as "us" | "ms" | "s"]
    : NaN;
  const errors = [/Non-2xx or 3xx responses: \d+/, /Socket errors: [^\n]+/]
    .map((pattern) => pattern.exec(output)?.[0])
    .filter(Boolean)
    .join(", ");
  return { requestsPerSecond, p99Ms, errors };
}

function median(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  const p99s = results.map((result) => result.p99Ms).sort((a, b) => a - b);
  return { ...middle, p99Ms: p99s[Math.floor(p99s.length / 2)]! };
}

function commandExists(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}
