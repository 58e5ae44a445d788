import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { pgliteDir, type DatabaseTarget } from "#database/client.server";
import { startProductionServer } from "#tests/setup/production-server";
import { createEmptyPostgresDatabase } from "#tests/setup/test-database";
import { BENCH_ARTICLES, BENCH_MATERIALS, seedSearchCatalogue } from "./search-catalogue";

/** What students type: subjects and years, topics (some misspelt), course codes, kinds of file. */
const SEARCH_QUERIES = [
  "patho 2019",
  "grade 11 quadratic functions",
  "quadratc",
  "photosynthsis",
  "BI110",
  "ma110 2023",
  "bioch sessional",
  "cell",
  "past papers",
  "g11 functions",
  "equation",
  "sessional with answers",
  "redox",
  "enzymes",
  "gross anatomy 2018",
  "revision",
  "algebra video",
  "mindset podcast",
  "physics grade 12",
  "exam stress",
];

/** Ten students searching at once within 30 ms at the 99th percentile (docs/decisions/0082-search-from-memory.md). */
const TARGET_P99_MS = 30;
const SECONDS_PER_QUERY = 3;
const SECONDS_MIXED = 10;
const JWT_SECRET = "bench-search-secret-0123456789-abcdefghijklmn";

const searchPath = (query: string) => `/search?${new URLSearchParams({ q: query })}`;

let variant = 0;
/**
 * The same search at an address no one asked before, so that no cached page answers it: the
 * query followed by spaces and tabs spelling a counter, which the page reads as nothing
 * (docs/decisions/0048-search-reads-what-students-paste.md).
 */
function newSearchPath(query: string): string {
  variant++;
  return searchPath(`${query} ${variant.toString(2).replace(/0/g, " ").replace(/1/g, "\t")}`);
}

type Requests = NonNullable<autocannon.Options["requests"]>;

const asked = (queries: readonly string[], fresh: boolean): Requests =>
  queries.map((query) =>
    fresh
      ? { method: "GET", setupRequest: (request) => ({ ...request, path: newSearchPath(query) }) }
      : { method: "GET", path: searchPath(query) },
  );

/**
 * The /search page on a catalogue many times today's (bench/search-catalogue.ts), on its own
 * server and database so that the seed changes no other measurement: the server starts once
 * to build the database, stops so the seed can open it, and serves it again. On the embedded
 * database, and on PostgreSQL too when BENCH_POSTGRES_URL names a server whose user may create
 * databases. Each query is measured as a page asked before (the response cache answers) and
 * as a new search (the database does).
 */
export async function benchSearch() {
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  await benchSearchOn("embedded", undefined);
  if (postgresUrl) await benchSearchOn("PostgreSQL", postgresUrl);
}

async function benchSearchOn(name: string, postgresUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-bench-search-"));
  let target: DatabaseTarget = { kind: "pglite", dir: pgliteDir(dataDir) };
  let dropDatabase = async () => {};
  const env: Record<string, string> = { LOG_LEVEL: "warn" };
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL ??= postgresUrl;
    const database = await createEmptyPostgresDatabase();
    dropDatabase = () => database.drop();
    target = { kind: "postgres", url: database.url };
    Object.assign(env, { DATABASE_URL: database.url, JWT_SECRET });
  }
  try {
    await (await startProductionServer({ dataDir, env })).stop();
    const seedStarted = performance.now();
    const seeded = await seedSearchCatalogue(target);
    console.log(
      `\nSearch on the ${name} database: ${seeded.materials} materials and ${seeded.articles} articles (at most ${BENCH_MATERIALS} and ${BENCH_ARTICLES}), seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s.`,
    );
    const server = await startProductionServer({ dataDir, env });
    try {
      await measure(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(url: string) {
  // Every query once, so each is measured warm, as it is after a server's first minutes.
  for (const query of SEARCH_QUERIES) await assertResults(url, query);
  const run = (connections: number, duration: number, requests: Requests) =>
    autocannon({
      url,
      connections,
      duration,
      headers: { "accept-encoding": "br, gzip" },
      requests,
    });
  const line = (result: autocannon.Result) =>
    `${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors}`;

  console.log(
    `/search?q=… (autocannon, 1 connection, ${SECONDS_PER_QUERY} s each, 127.0.0.1), asked before and new:`,
  );
  console.log(
    "query | results | asked before: requests/s | p50 ms | p99 ms | non-2xx | errors | new: requests/s | p50 ms | p99 ms | non-2xx | errors",
  );
  for (const query of SEARCH_QUERIES) {
    const before = await run(1, SECONDS_PER_QUERY, asked([query], false));
    const fresh = await run(1, SECONDS_PER_QUERY, asked([query], true));
    console.log(`${query} | ${await resultCount(url, query)} | ${line(before)} | ${line(fresh)}`);
  }

  console.log(
    `\nAll ${SEARCH_QUERIES.length} queries in turn (autocannon, ${SECONDS_MIXED} s); target for ten at once: p99 < ${TARGET_P99_MS} ms:`,
  );
  console.log("searches | connections | requests/s | p50 ms | p99 ms | non-2xx | errors");
  // The new searches above may have pushed the pages asked before out of the cache.
  for (const query of SEARCH_QUERIES) await assertResults(url, query);
  for (const fresh of [false, true])
    for (const connections of [1, 10]) {
      const result = await run(connections, SECONDS_MIXED, asked(SEARCH_QUERIES, fresh));
      console.log(`${fresh ? "new" : "asked before"} | ${connections} | ${line(result)}`);
    }
}

/** The count the page states ("1,234 results for …"), or "none". */
async function resultCount(baseUrl: string, query: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}${searchPath(query)}`)).text();
  return /([\d,]+) results? for/.exec(html)?.[1] ?? "none";
}

/** A query that finds nothing would measure the wrong page: the bench stops and says which. */
async function assertResults(baseUrl: string, query: string) {
  const response = await fetch(`${baseUrl}${searchPath(query)}`);
  if (response.status !== 200)
    throw new Error(`/search for "${query}" answered ${response.status}`);
  if (/Nothing found for/.test(await response.text()))
    throw new Error(`/search found nothing for "${query}" on the bench catalogue`);
}
