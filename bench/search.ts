import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { pgliteDir } from "#database/client.server";
import { startProductionServer } from "#tests/setup/production-server";
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

/** One student's search within 30 ms at the 99th percentile (docs/decisions/0049-search-speed.md). */
const TARGET_P99_MS = 30;
const SECONDS_PER_QUERY = 3;
const SECONDS_MIXED = 10;

const searchPath = (query: string) => `/search?${new URLSearchParams({ q: query })}`;

/**
 * The /search page on a catalogue many times today's (bench/search-catalogue.ts), on its own
 * server and database so that the seed changes no other measurement: the server starts once
 * to build the database, stops so the seed can open it, and serves it again.
 */
export async function benchSearch() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-bench-search-"));
  try {
    await (await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" } })).stop();
    const seedStarted = performance.now();
    const seeded = await seedSearchCatalogue({ kind: "pglite", dir: pgliteDir(dataDir) });
    console.log(
      `\nSearch: ${seeded.materials} materials and ${seeded.articles} articles (at most ${BENCH_MATERIALS} and ${BENCH_ARTICLES}), seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s.`,
    );
    const server = await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" } });
    try {
      // Every query once, so each is measured warm, as it is after a server's first minutes.
      for (const query of SEARCH_QUERIES) await assertResults(server.url, query);

      console.log(
        `/search?q=… (autocannon, 1 connection, ${SECONDS_PER_QUERY} s each, 127.0.0.1); target p99 < ${TARGET_P99_MS} ms:`,
      );
      console.log("query | results | requests/s | p50 ms | p99 ms | non-2xx | errors");
      for (const query of SEARCH_QUERIES) {
        const result = await autocannon({
          url: `${server.url}${searchPath(query)}`,
          connections: 1,
          duration: SECONDS_PER_QUERY,
          headers: { "accept-encoding": "br, gzip" },
        });
        console.log(
          `${query} | ${await resultCount(server.url, query)} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors}`,
        );
      }

      console.log(
        `\nAll ${SEARCH_QUERIES.length} queries in turn (autocannon, ${SECONDS_MIXED} s):`,
      );
      console.log("connections | requests/s | p50 ms | p99 ms | non-2xx | errors");
      for (const connections of [1, 10]) {
        const result = await autocannon({
          url: server.url,
          connections,
          duration: SECONDS_MIXED,
          headers: { "accept-encoding": "br, gzip" },
          requests: SEARCH_QUERIES.map((query) => ({ method: "GET", path: searchPath(query) })),
        });
        console.log(
          `${connections} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors}`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
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
