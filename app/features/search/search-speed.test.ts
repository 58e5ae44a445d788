import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "#database/client.server";
import { createSearchableDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { searchSite } from "./search.server";
import { readSearchQuery, RESULTS_PER_PAGE, tsqueryText, wordsToFind } from "./search-query";

/** Every query of the relevance test, broad ones and ones only some words of which are found. */
const QUERIES = [
  ...[
    ...readFileSync(new URL("relevance.test.ts", import.meta.url), "utf8").matchAll(
      /^\s*\["([^"]+)",/gm,
    ),
  ].map((match) => match[1]!),
  "past papers",
  "sessional",
  "test",
  "2019",
  "grade 12",
  "revision",
  "stress revision plan past papers",
  "quadratic zebra",
];

/**
 * The ranking of docs/decisions/0046-search-in-the-database.md written plainly, one similarity
 * per entry: search.server.ts works it out faster (docs/decisions/0049-search-speed.md) and
 * must give the same pages in the same order.
 */
async function plainRanking(
  seeded: SeededDatabase,
  text: string,
  page: number,
): Promise<{ keys: string[]; everyWord: boolean }> {
  const answer = await searchSite({ db: seeded.database.db, query: readSearchQuery(text), page });
  const words = wordsToFind(readSearchQuery(text).words);
  const spellings = new Map(answer.closeSpellings.map(({ word, close }) => [word, close]));
  const held = answer.everyWord
    ? sql`0::int`
    : sql`(select count(*) from jsonb_array_elements_text(${JSON.stringify(words.map((word) => tsqueryText([word], spellings, "&")))}::jsonb) as w(word)
        where numnode(to_tsquery('english', w.word)) > 0 and e.document @@ to_tsquery('english', w.word))`;
  const rows = await selectRows<{ key: string }>(
    seeded.database.db,
    sql`
      select e.key
      from search_entries e, to_tsquery('english', ${tsqueryText(words, spellings, answer.everyWord ? "&" : "|")}) as q(query)
      where e.document @@ q.query
      order by ${held} desc,
        ts_rank('{0.05, 0.1, 0.4, 1.0}', e.document, q.query, 1) + e.boost
          + 0.5 * similarity(lower(e.title), ${words.join(" ")}) desc,
        e.place desc, e.title, e.key
      limit ${RESULTS_PER_PAGE} offset ${(answer.page - 1) * RESULTS_PER_PAGE}
    `,
  );
  return { keys: rows.map((row) => row.key), everyWord: answer.everyWord };
}

describe.each(DATABASE_KINDS)("search's faster ranking and indexes, on %s", (kind) => {
  let seeded: SeededDatabase;
  beforeAll(async () => {
    seeded = await createSearchableDatabase(kind);
  });
  afterAll(async () => {
    await seeded.destroy();
  });

  it("gives every query's first three pages in the plain ranking's order", async () => {
    let someWords = 0;
    for (const text of QUERIES) {
      for (const page of [1, 2, 3]) {
        const answer = await searchSite({
          db: seeded.database.db,
          query: readSearchQuery(text),
          page,
        });
        const plain = await plainRanking(seeded, text, page);
        expect(
          answer.results.map((result) => result.key),
          `${text}, page ${page}`,
        ).toEqual(plain.keys);
        if (!plain.everyWord) someWords++;
      }
    }
    // The ranking by how many words an entry holds was compared too.
    expect(someWords).toBeGreaterThan(0);
  });

  it("keeps no pending list in its full-text and spelling indexes, which PGlite never merges", async () => {
    const rows = await selectRows<{ name: string; options: string[] | null }>(
      seeded.database.db,
      sql`select relname as name, reloptions as options from pg_class
        where relname in ('search_entries_document_idx', 'search_words_trgm_idx') order by relname`,
    );
    expect(rows).toEqual([
      { name: "search_entries_document_idx", options: ["fastupdate=false"] },
      { name: "search_words_trgm_idx", options: ["fastupdate=false"] },
    ]);
  });
});
