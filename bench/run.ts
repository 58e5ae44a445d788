/**
 * `npm run bench`: builds, starts the production server on a free port with a fresh
 * embedded database, then measures page weights and server throughput, and prints one
 * table; then the older app's calls beside the older backend (bench/legacy-api.ts); then
 * search on a catalogue many times today's, on a server of its own; then how long a fresh
 * start and a restart take; then a lite copy of a 40-page scan; then "Download my data" at
 * 100,000 attempts; then other students' logins during a login flood. `npm run bench -- legacy`,
 * `-- search`, `-- start`, `-- lite`, `-- export` or `-- flood` measures that part alone. Not part of `npm test`: timings
 * depend on the machine.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startProductionServer } from "#tests/setup/production-server";
import { runLighthouse } from "./lighthouse";
import { measurePage, ONE_PAGE_PER_ROUTE } from "./page-weight";
import { BENCH_ATTEMPTS, seedProgressStudent } from "./progress-student";
import { benchLegacyApi } from "./legacy-api";
import { benchSearch } from "./search";
import { benchLitePdf } from "./lite-pdf";
import { benchStartTime } from "./start-time";
import { benchDataExport } from "./data-export";
import { benchLoginFlood } from "./login-flood";
import { crawlSitePages } from "./site-pages";

/** The pages Lighthouse measures: content pages of each kind, a results page, a quiz and the login. */
const LIGHTHOUSE_PAGES = [
  "/",
  "/books",
  "/tutorials/mathematics",
  "/tutorials/patho",
  "/introduction_to_physics",
  "/smartify",
  "/smartify/1",
  "/search?q=patho%202019",
  "/login",
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The parts that can run alone: `npm run bench -- search`. */
const PARTS = ["search", "legacy", "start", "lite", "export", "flood"] as const;

async function main() {
  const part = process.argv[2];
  if (part !== undefined && !(PARTS as readonly string[]).includes(part)) {
    console.error(
      `Unknown bench part "${part}": name one of ${PARTS.join(", ")}, or none for all.`,
    );
    process.exit(2);
  }
  const { spawnSync } = await import("node:child_process");
  const build = spawnSync(process.execPath, ["bin/build.js"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  if (part === undefined) await benchSite();
  if (part === undefined || part === "legacy") await benchLegacyApi();
  if (part === undefined || part === "search") await benchSearch();
  if (part === undefined || part === "start") await benchStartTime();
  if (part === undefined || part === "lite") await benchLitePdf();
  if (part === undefined || part === "export") await benchDataExport();
  if (part === undefined || part === "flood") await benchLoginFlood();
}

async function benchSite() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-bench-"));
  const server = await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" } });
  try {
    // Every page a link leads to, and the routes no link does (/register, /offline, a 404).
    const pages = [...new Set([...(await crawlSitePages(server.url)), ...ONE_PAGE_PER_ROUTE])];
    console.log(`\nPage weights of all ${pages.length} pages (compressed, as sent to a phone):`);
    console.log("page | JS KB | first-render KB (HTML+CSS) | total KB");
    for (const page of pages) {
      const weight = await measurePage(server.url, page);
      console.log(
        `${page} | ${kb(weight.jsBytes)} | ${kb(weight.firstRenderBytes)} | ${kb(weight.firstRenderBytes + weight.jsBytes)}`,
      );
    }

    console.log("\nLighthouse (mobile preset, simulated throttling, Debian Chromium):");
    console.log(
      "page | JS KB | total KB (Lighthouse) | first-render KB | LCP ms | TBT ms | CLS | performance | accessibility | best practices | SEO",
    );
    const lighthouse = await runLighthouse(LIGHTHOUSE_PAGES.map((page) => `${server.url}${page}`));
    for (const page of LIGHTHOUSE_PAGES) {
      const result = lighthouse.get(`${server.url}${page}`);
      const weight = await measurePage(server.url, page);
      if (typeof result !== "object") {
        console.log(`${page} | Lighthouse gave no result: ${result ?? "not run"}`);
        continue;
      }
      console.log(
        `${page} | ${kb(weight.jsBytes)} | ${result.totalKb} | ${kb(weight.firstRenderBytes)} | ${result.lcpMs} | ${result.tbtMs} | ${result.cls} | ${result.performance} | ${result.accessibility} | ${result.bestPractices} | ${result.seo}`,
      );
    }

    console.log("\nThroughput (autocannon, 50 connections, 10 s, 127.0.0.1):");
    console.log("endpoint | requests/s | p50 ms | p99 ms | non-2xx | errors");
    for (const endpoint of ["/List/", "/Data/1", "/tutorials/mathematics", "/books", "/smartify"]) {
      const result = await autocannon({
        url: `${server.url}${endpoint}`,
        connections: 50,
        duration: 10,
        headers: { "accept-encoding": "br, gzip" },
      });
      console.log(
        `${endpoint} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors}`,
      );
    }

    // docs/decisions/0044-my-progress.md: p99 under 50 ms for a student with 1,000 attempts.
    // One connection is one student opening the page; ten show how it holds up when shared.
    const { cookie } = await seedProgressStudent(server.url);
    console.log(
      `\nMy progress, one signed-in student with ${BENCH_ATTEMPTS} attempts (autocannon, 10 s each, 127.0.0.1):`,
    );
    console.log("page | connections | requests/s | p50 ms | p99 ms | non-2xx | errors");
    for (const page of ["/progress", "/progress/introduction_to_physics"]) {
      for (const connections of [1, 10]) {
        const result = await autocannon({
          url: `${server.url}${page}`,
          connections,
          duration: 10,
          headers: { "accept-encoding": "br, gzip", cookie },
        });
        console.log(
          `${page} | ${connections} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors}`,
        );
      }
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
