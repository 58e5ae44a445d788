import { readdirSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fullArticle } from "#tests/setup/article-fixtures";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/** As many articles as the bench's larger size (bench/README.md). */
const ARTICLES = 2000;

/** The longest the site may stop answering while /List/ is rebuilt (docs/requirements.md#the-older-apps-calls). */
const STALL_BOUND_MS = 50;

/**
 * The longest the site took to answer while `work` ran: the longest delay of the event loop,
 * which the server shares with this test, or of a static file fetched over and over,
 * whichever is longer.
 */
async function longestStall(url: string, work: () => Promise<void>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let done = false;
  let cssServed = 0;
  let slowestCssMs = 0;
  const serveCss = async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${url}${cssFile}`)).arrayBuffer();
      slowestCssMs = Math.max(slowestCssMs, performance.now() - started);
      cssServed++;
    }
  };
  loop.enable();
  const css = serveCss();
  await work();
  done = true;
  await css;
  loop.disable();
  return { stallMs: Math.max(loop.max / 1e6 - 5, slowestCssMs), cssServed };
}

/**
 * How many fresh rebuilds may be tried before one must stay under the bound. Why the bound
 * holds on a busy 2-core CI machine: a block built into the rebuild (a long query, a
 * whole-list JSON.stringify, a compression on the event loop) shows in every try, while the
 * moments the machine gives the CPU to other processes are measured in the same try without
 * a rebuild and taken off, and seldom hit all three tries. So one rebuild of three under the
 * bound proves the rebuild itself never blocks that long: the list is made by the database,
 * on its own thread or in PostgreSQL's process, and this process only receives its text.
 */
const TRIES = 3;

const cssFile: string = `/assets/${readdirSync(path.resolve("build/client/assets")).find((name) => name.endsWith(".css"))}`;

describe.each(DATABASE_KINDS)("a /List/ rebuild at 2,000 articles (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Inserted by the database itself: one statement, however many articles.
    const article = fullArticle({ intro: ["x".repeat(400), "Intro two."] });
    await database.db.execute(sql`
      insert into articles (title, date, time, poster, position, images, intro, groups, closing_image, keywords, origin)
      select 'Article ' || n, ${article.date}, ${article.time}, ${article.poster}, ${article.position},
             ${JSON.stringify(article.images)}::jsonb, array(select jsonb_array_elements_text(${JSON.stringify(article.intro)}::jsonb)),
             ${JSON.stringify(article.groups)}::jsonb, ${JSON.stringify(article.closingImage)}::jsonb,
             array(select jsonb_array_elements_text(${JSON.stringify(article.keywords)}::jsonb)), 'site'
      from generate_series(1, ${ARTICLES}) as n`);
  }, 120_000);
  afterAll(() => database.destroy());

  it(`keeps a static file answering within ${STALL_BOUND_MS} ms`, async () => {
    const tries: { stallMs: number; cssServed: number }[] = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      // A new site starts with nothing kept, so its first /List/ is a rebuild.
      const site = await serveSite({ database });
      try {
        // The site's first request loads the build's routes: not part of a rebuild.
        expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
        expect((await fetch(`${site.url}${cssFile}`)).status).toBe(200);
        // The same measure first without a rebuild: what this machine's other work costs.
        const quiet = await longestStall(site.url, () => new Promise((r) => setTimeout(r, 300)));
        let items: unknown[] = [];
        const rebuild = await longestStall(site.url, async () => {
          items = (await (await fetch(`${site.url}/List/`)).json()) as unknown[];
        });
        expect(items).toHaveLength(ARTICLES);
        const stallMs = rebuild.stallMs - quiet.stallMs;
        const cssServed = rebuild.cssServed;
        tries.push({ stallMs, cssServed });
        if (stallMs < STALL_BOUND_MS) break;
      } finally {
        await site.close();
      }
    }
    const best = Math.min(...tries.map((one) => one.stallMs));
    expect(best, `longest stalls of each try: ${JSON.stringify(tries)}`).toBeLessThan(
      STALL_BOUND_MS,
    );
    // Static files kept being served while the list was rebuilt.
    expect(tries.at(-1)!.cssServed).toBeGreaterThan(1);
  }, 120_000);
});
