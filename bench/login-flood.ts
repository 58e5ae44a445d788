import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProductionServer } from "#tests/setup/production-server";
import { cpuOfProcesses } from "./process-cpu";

const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const AT_ONCE = 50;
const FLOOD_ACCOUNTS = 5;
const OTHER_STUDENTS = 40;
/** Each other student signs in every few seconds: within their own limit of 20 in 15 minutes. */
const OTHERS_PAUSE_MS = 100;
const PASSWORD = "Bench-Flood-Kasama-Rains-7";
/** Other students' logins stay under a second, and none is told the site is busy. */
const TARGET_MS = 1_000;
const FLOOD_JWT_SECRET = "bench-login-flood-secret-0123456789abcdef";

/**
 * One address with five accounts of its own sends right-password logins, AT_ONCE at a time,
 * for FLOOD_SECONDS, while other students, each from an address of their own, log in one after
 * another; on the embedded database and, with BENCH_POSTGRES_URL, on PostgreSQL without Redis
 * (docs/security.md#login-and-registration-limits).
 */
export async function benchLoginFlood() {
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  console.log(
    `\nA login flood: ${AT_ONCE} right-password logins at a time from one address with ${FLOOD_ACCOUNTS} accounts, ${FLOOD_SECONDS} s, while ${OTHER_STUDENTS} other students log in one after another; target: every other login under ${TARGET_MS} ms and none "busy":`,
  );
  console.log(
    "database | others' answers | median ms | p99 ms | slowest ms | others busy | flood answers | server CPU ms a request",
  );
  for (const [name, env] of [
    ["embedded", {}],
    ...(postgresUrl
      ? [["PostgreSQL", { DATABASE_URL: postgresUrl, JWT_SECRET: FLOOD_JWT_SECRET }] as const]
      : []),
  ] as const) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-bench-flood-"));
    // The flood starts once the fresh server has made its sample files: that start-up work is
    // not the flood's doing.
    const server = await startProductionServer({
      dataDir,
      env: { TRUST_PROXY: "1", ...env },
      waitForSamples: true,
    });
    try {
      const cpuMs = cpuOfProcesses(() => [server.process.pid!]);
      console.log(`${name} | ${await flood(server.url, cpuMs)}`);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

async function flood(url: string, cpuMs: () => number): Promise<string> {
  const run = Math.random().toString(36).slice(2, 8);
  const post = (route: string, from: string, body: object) =>
    fetch(`${url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify(body),
    });
  const register = async (username: string, from: string) => {
    const response = await post("/register/", from, {
      first_name: "Bench",
      last_name: "Flood",
      username,
      email: "",
      password: PASSWORD,
    });
    if (response.status !== 201) throw new Error(`register: ${response.status}`);
  };
  const own = Array.from({ length: FLOOD_ACCOUNTS }, (_, n) => `flood${run}${n}`);
  const others = Array.from({ length: OTHER_STUDENTS }, (_, n) => `other${run}${n}`);
  for (const [n, name] of own.entries()) await register(name, `10.1.0.${n + 1}`);
  for (const [n, name] of others.entries()) await register(name, `10.2.0.${n + 1}`);

  // An address of this run's own: PostgreSQL keeps the counters of earlier runs.
  const floodAddress = `41.72.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const cpuBefore = cpuMs();
  const until = Date.now() + FLOOD_SECONDS * 1000;
  const floodAnswers = new Map<string, number>();
  const flooding = Promise.all(
    Array.from({ length: AT_ONCE }, async (_, lane) => {
      for (let round = lane; Date.now() < until; round += AT_ONCE) {
        const response = await post("/api/token/", floodAddress, {
          username: own[round % own.length],
          password: PASSWORD,
        });
        // The limits' refusal, or the one for a client past its share (docs/security.md#work-per-client).
        const spent = (await response.text()).includes("asked for a lot") ? " (share spent)" : "";
        const kind = `${response.status}${spent}`;
        floodAnswers.set(kind, (floodAnswers.get(kind) ?? 0) + 1);
      }
    }),
  );
  const times: number[] = [];
  const floodStarted = performance.now();
  let slowest = { ms: 0, atSecond: 0 };
  const othersAnswers = new Map<number, number>();
  let busy = 0;
  for (let turn = 0; Date.now() < until; turn++) {
    const started = performance.now();
    const response = await post("/api/token/", `10.3.${turn % 250}.${1 + (turn % 5)}`, {
      username: others[turn % others.length],
      password: PASSWORD,
    });
    const text = await response.text();
    const took = performance.now() - started;
    times.push(took);
    if (took > slowest.ms) slowest = { ms: took, atSecond: (started - floodStarted) / 1000 };
    othersAnswers.set(response.status, (othersAnswers.get(response.status) ?? 0) + 1);
    if (text.includes("signing in right now")) busy++;
    await new Promise((resolve) => setTimeout(resolve, OTHERS_PAUSE_MS));
  }
  await flooding;
  const floodRequests = [...floodAnswers.values()].reduce((sum, count) => sum + count, 0);
  const cpuPerRequest = (cpuMs() - cpuBefore) / (floodRequests + times.length);
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
  const answers = [...floodAnswers].map(([kind, count]) => `${count} × ${kind}`).join(", ");
  return [
    [...othersAnswers].map(([status, count]) => `${count} × ${status}`).join(", "),
    at(0.5).toFixed(0),
    at(0.99).toFixed(0),
    `${at(1).toFixed(0)} (at ${slowest.atSecond.toFixed(1)} s)`,
    busy,
    answers,
    cpuPerRequest.toFixed(2),
  ].join(" | ");
}
