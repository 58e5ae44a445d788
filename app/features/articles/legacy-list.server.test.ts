import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { absoluteUrl } from "#app/lib/head";
import { selectRows } from "#database/client.server";
import { articles } from "#database/schema";
import { insertArticle } from "#tests/setup/article-fixtures";
import { toLegacyListItem } from "#tests/setup/legacy-list-item";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { legacyListJson } from "./legacy-list.server";

/** Text JSON escapes, text it leaves as it is, and text an HTML page would not. */
const TRICKY = [
  'She said "revise"',
  "back\\slash and \\u0041 spelled out",
  "two\nlines\r\nand\ta tab",
  "control \u0001\u0008\u000b\u000c\u001f and delete \u007f",
  "line \u2028 and paragraph \u2029 separators",
  "emoji 📚🇿🇲 and accents: Chipo Mwansa, naïve, Ŵ, 中文",
  "</script><script>alert(1)</script>",
  // A lone surrogate: every driver sends it as U+FFFD, which the database keeps as any text.
  "lone \ud83d surrogate",
  "",
];

const image = (src: string) => ({ src, alt: "" });

describe.each(DATABASE_KINDS)("the /List/ items the database keeps (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    for (const [index, text] of TRICKY.entries()) {
      await insertArticle(db, {
        title: text || "untitled",
        date: text,
        time: text,
        intro: [text, "second"],
        // jsonb refuses a lone surrogate's JSON escape: an image's address can hold none.
        images: [
          image(`/images/${index}-${/\p{Cs}/u.test(text) ? "" : text}.webp`),
          image("/b.webp"),
          image("/c.webp"),
        ],
      });
    }
    // Every kind of first image and first paragraph toLegacyListItem tells apart.
    await insertArticle(db, { intro: [] });
    for (const src of [
      "",
      "images/no-slash.webp",
      "https://cdn.example/a.webp",
      "http://cdn.example/b.webp",
      "HTTPS://cdn.example/c.webp",
      "ftp://cdn.example/d.webp",
      "//cdn.example/e.webp",
    ])
      await insertArticle(db, { images: [image(src), image("/b.webp"), image("/c.webp")] });
    await db.execute(
      sql`update articles set images = '[]'::jsonb where id = (select max(id) from articles)`,
    );
    await insertArticle(db, { title: "a draft", published: false });
  });
  afterAll(() => database.destroy());

  /** What /List/ sent before the database kept the items: JSON.stringify of each item. */
  async function expected(siteUrl: string) {
    const rows = await database.db
      .select()
      .from(articles)
      .where(sql`published`)
      .orderBy(articles.id);
    const items = rows.map((row) =>
      toLegacyListItem(
        {
          ...row,
          firstImageSrc: (row.images as readonly { src?: string }[])[0]?.src ?? null,
          introFirst: row.intro[0] ?? null,
        },
        (src) => absoluteUrl({ ...SITE, url: siteUrl }, src),
      ),
    );
    return JSON.stringify(items);
  }

  it("makes exactly JSON.stringify's text of every item", async () => {
    const made = await legacyListJson({ db: database.db, siteUrl: SITE.url });
    expect(made).toBe(await expected(SITE.url));
    expect(JSON.parse(made)).toHaveLength(TRICKY.length + 8);
  });

  it("keeps a lone surrogate as U+FFFD, as the text read before", async () => {
    const [row] = await database.db
      .select({ title: articles.title })
      .from(articles)
      .where(sql`title like 'lone %'`);
    expect(row?.title).toBe("lone \ufffd surrogate");
  });

  it("puts in a site address that JSON escapes", async () => {
    const siteUrl = 'https://studyzed.example/"quoted"\\path\u2028';
    expect(await legacyListJson({ db: database.db, siteUrl })).toBe(await expected(siteUrl));
  });

  it("keeps an item in step with its article", async () => {
    await database.db.execute(
      sql`update articles set title = 'Edited "title"', intro = array['Edited\\intro'] where id = (select min(id) from articles)`,
    );
    expect(await legacyListJson({ db: database.db, siteUrl: SITE.url })).toBe(
      await expected(SITE.url),
    );
  });

  it("stores the items where a row keeps them uncompressed (MAIN, set by hand in the migration)", async () => {
    const storage = await selectRows<{ attname: string; attstorage: string }>(
      database.db,
      sql`select attname, attstorage from pg_attribute
          where attrelid = 'articles'::regclass and attname like 'legacy_list_%' order by attname`,
    );
    expect(storage).toEqual([
      { attname: "legacy_list_rest", attstorage: "m" },
      { attname: "legacy_list_start", attstorage: "m" },
    ]);
  });

  it("reads a long list whole and in order", async () => {
    await database.db.execute(sql`
      insert into articles (title, date, time, poster, position, images, intro, groups, closing_image, keywords, origin)
      select 'Article ' || n, '2026-01-10', '09:00', 'P', 'T',
             jsonb_build_array(jsonb_build_object('src', '/images/' || n || '.webp')), array['Intro ' || n],
             '[[],[]]'::jsonb, '{"src":"/o.webp","alt":""}'::jsonb, array['k'], 'site'
      from generate_series(1, 1200) as n`);
    const made = await legacyListJson({ db: database.db, siteUrl: SITE.url });
    expect(made).toBe(await expected(SITE.url));
    expect(JSON.parse(made)).toHaveLength(TRICKY.length + 8 + 1200);
  });
});

const SITE = { name: "StudyZed", url: "https://studyzed.example" };
