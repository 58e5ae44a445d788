/**
 * `npm run bench:load`: 200 simulated students use a production build on
 * 127.0.0.1 for 60 s, as they would the week before exams: they open pages, the app
 * lists and reads articles, downloads resume with Range, and they register and log in.
 * Then the server is stopped, and every registration it confirmed is looked for in the
 * database. Prints p50/p95/p99 per kind of request; exits 1 on any error or lost account.
 * Not part of `npm test`: timings depend on the machine.
 *
 * A teacher's class takes part: each student joins it once (with an attempt at its set quiz),
 * then opens My classes, and the teacher's class page is opened throughout.
 *
 * Settings (environment): LOAD_STUDENTS (200), LOAD_SECONDS (60), LOAD_THINK_MS
 * ("250-1250", the pause between a student's taps), DATABASE_URL to run against a
 * PostgreSQL database instead of the embedded one. LOAD_SERVERS (1) starts that many separate
 * servers on the one PostgreSQL database, each with a DATA_DIR of its own, and spreads the
 * students over them as a load balancer would (docs/deploy.md); a list ("1,2") runs once per
 * number, one after the other, and prints their p99s side by side. LOAD_STORAGE=s3 keeps the
 * files in an S3 test server started on 127.0.0.1.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureBuild } from "#bin/ensure-build.js";
import { inspectDatabase } from "#tests/setup/database-integrity";
import { startProductionServer, type ProductionServer } from "#tests/setup/production-server";
import { startS3Server } from "#tests/setup/s3-server";
import { prepareServerDatabase } from "#tests/setup/server-database";
import { summarise, type KindSummary, type Sample } from "./load-stats";
import { pickAction, type Action } from "./load-students";

const STUDENTS = Number(process.env.LOAD_STUDENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const [THINK_MIN, THINK_MAX] = (process.env.LOAD_THINK_MS ?? "250-1250").split("-").map(Number) as [
  number,
  number,
];
/** Students arrive over the first ten seconds, not all in the same millisecond. */
const RAMP_MS = 10_000;
const PASSWORD = `Load-${randomBytes(6).toString("hex")}-Kafue`;

type Site = {
  url: string;
  pages: string[];
  articleIds: number[];
  downloadKeys: string[];
  /** The teacher's class: its page, its join link, the teacher's session cookie. */
  classPath: string;
  joinPath: string;
  teacherCookie: string;
};

/** How many separate servers share the database and file store, one run for each number. */
const SERVER_COUNTS = (process.env.LOAD_SERVERS ?? "1").split(",").map(Number);
const STORAGE = process.env.LOAD_STORAGE ?? "disk";

async function main() {
  ensureBuild();
  if (SERVER_COUNTS.some((count) => !Number.isInteger(count) || count < 1 || count > 8))
    throw new Error("LOAD_SERVERS must list whole numbers from 1 to 8, like 1 or 1,2");
  if (SERVER_COUNTS.some((count) => count > 1) && !process.env.DATABASE_URL)
    throw new Error("several servers need PostgreSQL: set DATABASE_URL");
  if (STORAGE !== "disk" && STORAGE !== "s3") throw new Error("LOAD_STORAGE must be disk or s3");
  const store = STORAGE === "s3" ? await startS3Server() : undefined;
  // tests/setup/test-database.ts makes the new databases on this server.
  if (SERVER_COUNTS.length > 1) process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL;
  const runs: { servers: number; rows: KindSummary[]; passed: boolean }[] = [];
  for (const [run, servers] of SERVER_COUNTS.entries()) {
    runs.push({ servers, ...(await runLoad(run, servers, store?.env ?? {})) });
  }
  await store?.stop();
  if (runs.length > 1) printComparison(runs);
  process.exit(runs.every((run) => run.passed) ? 0 : 1);
}

/** One run against `serverCount` servers; `run` keeps its students apart from earlier runs'. */
async function runLoad(run: number, serverCount: number, storageEnv: Record<string, string>) {
  // A PostgreSQL database of the caller's is used as it is, and left in place afterwards.
  // Runs compared side by side each get a new database on its server, dropped afterwards:
  // a second run on the first's would find its stored files gone with that run's DATA_DIR.
  const postgresUrl = process.env.DATABASE_URL;
  const database = await prepareServerDatabase(postgresUrl ? "postgres" : "pglite", "load", {
    postgresUrl: SERVER_COUNTS.length > 1 ? undefined : postgresUrl,
  });
  // Production's own log level: every request writes its line, as it would on the real site.
  const env = { ...database.env, ...storageEnv, LOG_LEVEL: "info" };
  const dataDirs = [database.dataDir];
  for (let other = 1; other < serverCount; other++)
    dataDirs.push(await mkdtemp(path.join(tmpdir(), "studyzed-load-server-")));
  const servers: ProductionServer[] = [];
  for (const dataDir of dataDirs) servers.push(await startProductionServer({ dataDir, env }));
  const server = servers[0]!;
  const samples: Sample[] = [];
  const failures = new Map<string, number>();
  const confirmed: string[] = [];
  let exitCode: number | null = null;
  let rows: KindSummary[] = [];
  try {
    const site = await discover(server.url);
    console.log(
      `\n${STUDENTS} students for ${SECONDS} s against ${servers.map((one) => one.url).join(", ")} (${database.target.kind}, ${STORAGE} files), ${THINK_MIN}-${THINK_MAX} ms between taps...`,
    );
    const started = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    const record = (kind: string, ms: number, ok: boolean, detail: string) => {
      samples.push({ kind, ms, ok });
      if (!ok) failures.set(`${kind}: ${detail}`, (failures.get(`${kind}: ${detail}`) ?? 0) + 1);
    };
    await Promise.all(
      Array.from({ length: STUDENTS }, (_, index) =>
        student(
          run,
          index,
          { ...site, url: servers[index % servers.length]!.url },
          deadline,
          record,
          confirmed,
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    rows = summarise(samples, seconds);
    printTable(rows);
  } finally {
    const codes = await Promise.all(servers.map((one) => one.stop()));
    exitCode = codes.find((code) => code !== 0) ?? 0;
    await Promise.all(dataDirs.slice(1).map((dir) => rm(dir, { recursive: true, force: true })));
  }

  const inspection = await inspectDatabase(database.target);
  const lost = confirmed.filter((username) => !inspection.usernames.has(username));
  const serverErrors = servers
    .flatMap((one) => one.output().split("\n"))
    .filter((line) => /"level":(50|60)/.test(line));
  await database.destroy();

  const errors = samples.filter((sample) => !sample.ok).length;
  console.log(`\nrequests: ${samples.length}, errors: ${errors}`);
  for (const [failure, count] of [...failures].slice(0, 10)) console.log(`  ${count} × ${failure}`);
  console.log(
    `registrations answered 201: ${confirmed.length}; found in the database afterwards: ${confirmed.length - lost.length}`,
  );
  console.log(
    `server log lines at error level: ${serverErrors.length}; indexes amcheck found broken: ${inspection.brokenIndexes.length}; exit code after SIGTERM: ${exitCode}`,
  );
  const passed =
    errors === 0 &&
    lost.length === 0 &&
    serverErrors.length === 0 &&
    inspection.brokenIndexes.length === 0 &&
    exitCode === 0;
  console.log(passed ? "PASS" : "FAIL");
  return { rows, passed };
}

/** What there is to visit: pages, article ids and downloadable files, as a student would find them. */
async function discover(url: string): Promise<Site> {
  const list = (await (await fetch(`${url}/List/`)).json()) as { id: number }[];
  const books = await (await fetch(`${url}/books`)).text();
  const pastPapers = await (await fetch(`${url}/tutorials/patho`)).text();
  const downloadKeys = [
    ...new Set(
      [...`${books}${pastPapers}`.matchAll(/\/download\/([\w-]+)/g)].map((match) => match[1]!),
    ),
  ];
  const articleIds = list.map((article) => article.id);
  const pages = [
    "/",
    "/books",
    "/tutorials",
    "/tutorials/senior",
    "/tutorials/mathematics",
    "/tutorials/biology",
    "/tutorials/patho",
    "/smartify",
    ...articleIds.map((id) => `/smartify/${id}`),
    "/videos",
    "/podcasts",
    "/introduction_to_physics",
    "/introduction_to_biology",
    "/about",
  ];
  if (!downloadKeys.length || !articleIds.length)
    throw new Error("the seeded site has no downloads or articles to load");
  return { url, pages, articleIds, downloadKeys, ...(await startClass(url)) };
}

/** A teacher registers, starts a class and sets it the cell quiz, as the pages do. */
async function startClass(url: string) {
  const username = `load_teacher_${process.pid}_${randomBytes(3).toString("hex")}`;
  const credentials = { username, password: PASSWORD };
  const registered = await fetch(`${url}/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ first_name: "Load", last_name: "Teacher", email: "", ...credentials }),
  });
  const login = await fetch(`${url}/api/token/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  const teacherCookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
  const form = {
    cookie: teacherCookie,
    origin: url,
    "content-type": "application/x-www-form-urlencoded",
  };
  const started = await fetch(`${url}/classes/new`, {
    method: "POST",
    headers: form,
    body: "name=Grade+11+Blue&subject=Biology&grade=Grade+11",
    redirect: "manual",
  });
  const classPath = started.headers.get("location") ?? "";
  await fetch(`${url}${classPath}/quizzes`, {
    method: "POST",
    headers: form,
    body: "quiz=cell&due=",
    redirect: "manual",
  });
  const page = await (
    await fetch(`${url}${classPath}`, { headers: { cookie: teacherCookie } })
  ).text();
  const code = /<p class="class-code">([\w-]+)<\/p>/.exec(page)?.[1];
  if (registered.status !== 201 || !teacherCookie || !classPath || !code)
    throw new Error("the teacher's class could not be started");
  return { classPath, joinPath: `/join/${code}`, teacherCookie };
}

type Recorder = (kind: string, ms: number, ok: boolean, detail: string) => void;

/** One student: arrives, registers, then taps around (with pauses) until time is up. */
async function student(
  run: number,
  index: number,
  site: Site,
  deadline: number,
  record: Recorder,
  confirmed: string[],
) {
  // Each student is on their own phone and network (the server trusts the proxy's header).
  const address = `10.${run & 255}.${(index >> 8) & 255}.${index & 255}`;
  const username = `load_${process.pid}_${run}_${index}`;
  const call = async (
    kind: string,
    path: string,
    expected: number,
    init: RequestInit = {},
  ): Promise<Response | null> => {
    const started = performance.now();
    try {
      const response = await fetch(`${site.url}${path}`, {
        ...init,
        headers: {
          "accept-encoding": "br, gzip",
          "x-forwarded-for": address,
          ...(init.headers as Record<string, string> | undefined),
        },
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      record(
        kind,
        performance.now() - started,
        response.status === expected,
        `status ${response.status}`,
      );
      return response;
    } catch (error) {
      record(kind, performance.now() - started, false, (error as Error).name);
      return null;
    }
  };
  const json = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  await sleep(Math.random() * RAMP_MS);
  let registered = false;
  let cookie = "";
  while (Date.now() < deadline) {
    const action: Action = registered ? pickAction(Math.random()) : "register";
    if (action === "register") {
      const response = await call(
        "register",
        "/register/",
        201,
        json({ first_name: "Load", last_name: "Student", username, email: "", password: PASSWORD }),
      );
      registered = true;
      if (response?.status === 201) confirmed.push(username);
    } else if (action === "login") {
      await call("login", "/api/token/", 200, json({ username, password: PASSWORD }));
    } else if (action === "class" && cookie) {
      await call("my classes", "/classes", 200, { headers: { cookie } });
    } else if (action === "class") {
      // The first time: log in for a session, open the teacher's link, join, do the quiz.
      const login = await call("login", "/api/token/", 200, json({ username, password: PASSWORD }));
      cookie = login?.headers.get("set-cookie")?.split(";")[0] ?? "";
      if (!cookie) continue;
      const asStudent = { cookie, origin: site.url };
      await call("class join", site.joinPath, 200, { headers: asStudent });
      await call("class join", site.joinPath, 200, {
        method: "POST",
        headers: { ...asStudent, "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
      await call("attempt", "/api/attempts/", 201, {
        method: "POST",
        headers: { ...asStudent, "content-type": "application/json" },
        body: JSON.stringify({
          id: `${username}-cell-attempt`,
          quiz: "cell",
          answers: [..."BCACABCABA"].map((letter) => (Math.random() < 0.7 ? letter : "A")),
          answeredAt: new Date().toISOString(),
        }),
      });
    } else if (action === "class page") {
      await call("class page", site.classPath, 200, { headers: { cookie: site.teacherCookie } });
    } else if (action === "page") {
      await call("page", pick(site.pages), 200);
    } else if (action === "list") {
      await call("List", "/List/", 200);
    } else if (action === "data") {
      await call("Data", `/Data/${pick(site.articleIds)}`, 200);
    } else {
      // A download that starts, breaks off and is resumed where it stopped.
      const key = pick(site.downloadKeys);
      const first = await call("download (Range)", `/download/${key}`, 206, {
        headers: { range: "bytes=0-1023" },
      });
      const size = Number(/\/(\d+)$/.exec(first?.headers.get("content-range") ?? "")?.[1] ?? 0);
      if (size > 1024)
        await call("download (Range)", `/download/${key}`, 206, {
          headers: { range: "bytes=1024-" },
        });
    }
    await sleep(THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN));
  }
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function printTable(rows: ReturnType<typeof summarise>) {
  console.log("\nkind | requests | per second | p50 ms | p95 ms | p99 ms | max ms | errors");
  console.log("---|---|---|---|---|---|---|---");
  for (const row of rows) {
    console.log(
      [
        row.kind,
        row.requests,
        row.perSecond.toFixed(1),
        row.p50.toFixed(1),
        row.p95.toFixed(1),
        row.p99.toFixed(1),
        row.max.toFixed(1),
        row.errors,
      ].join(" | "),
    );
  }
}

/** Each kind's p99 (and requests per second) for every number of servers, side by side. */
function printComparison(runs: { servers: number; rows: KindSummary[] }[]) {
  const label = (count: number) => `${count} server${count > 1 ? "s" : ""}`;
  console.log(
    `\nkind | ${runs.map((run) => `p99 ms, ${label(run.servers)}`).join(" | ")} | ${runs
      .map((run) => `per second, ${label(run.servers)}`)
      .join(" | ")}`,
  );
  console.log(Array.from({ length: 1 + 2 * runs.length }, () => "---").join("|"));
  for (const { kind } of runs[0]!.rows) {
    const of = (run: (typeof runs)[number]) => run.rows.find((row) => row.kind === kind);
    console.log(
      [
        kind,
        ...runs.map((run) => of(run)?.p99.toFixed(1) ?? "-"),
        ...runs.map((run) => of(run)?.perSecond.toFixed(1) ?? "-"),
      ].join(" | "),
    );
  }
}

await main();
