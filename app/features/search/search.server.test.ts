import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, materials, searchEntries, subjects } from "#database/schema";
import { deleteArticle, setArticlePublished } from "#app/features/articles/public.server";
import {
  readCatalogueContent,
  updateMaterial,
  type CatalogueContent,
} from "#app/features/catalogue/public.server";
import { insertArticle } from "#tests/setup/article-fixtures";
import { createSearchableDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { indexPagesAndQuizzes } from "./index-pages-and-quizzes.server";
import { searchSite } from "./search.server";
import { readSearchQuery } from "./search-query";

describe.each(DATABASE_KINDS)("search kept in step with the content, on %s", (kind) => {
  let seeded: SeededDatabase;
  let content: CatalogueContent;
  const db = () => seeded.database.db;
  const find = async (text: string, page = 1) =>
    searchSite({ db: db(), query: readSearchQuery(text), page, pricePerMb: 0.19 });
  const titlesFor = async (text: string) =>
    (await find(text)).results.map((result) => result.title);

  beforeAll(async () => {
    seeded = await createSearchableDatabase(kind);
    content = await readCatalogueContent();
  });
  afterAll(async () => {
    await seeded.destroy();
  });

  it("finds a renamed material by its new title only, at once", async () => {
    const edit = {
      title: "Zymology Made Plain",
      isFree: true,
      priceNgwee: null,
      crossedOutPrice: null,
      grade: "Ten",
      year: null,
      label: null,
      brainBooster: null,
    } as const;
    expect(await updateMaterial({ db: db(), key: "biology-nutrients", edit })).toEqual({
      outcome: "changed",
    });
    expect(await titlesFor("zymology")).toEqual(["Zymology Made Plain"]);
    // The topic's Brain Booster keeps the name; the booklet no longer answers to it.
    const nutrients = (await find("nutrients")).results;
    expect(nutrients.filter((result) => result.title === "Nutrients").map((r) => r.href)).toEqual([
      "/quizzes/biology-nutrients",
    ]);
  });

  it("renames a booklet's practice test and answers with it", async () => {
    await db()
      .update(materials)
      .set({ title: "Xylem Studies" })
      .where(eq(materials.key, "mathematics-functions"));
    expect(await titlesFor("xylem")).toEqual(
      expect.arrayContaining([
        "Xylem Studies",
        "Xylem Studies: Practice Test",
        "Xylem Studies: Practice Test Answers",
      ]),
    );
  });

  it("shows a subject's new name on its page and its papers", async () => {
    await db().update(subjects).set({ name: "Quokkalogy" }).where(eq(subjects.slug, "histo"));
    const answer = await find("quokkalogy 2019");
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.every((result) => result.place.startsWith("Quokkalogy · 2019"))).toBe(
      true,
    );
    expect((await find("quokkalogy")).results[0]).toMatchObject({
      kind: "Subject page",
      href: "/tutorials/histo",
    });
  });

  it("drops a deleted material", async () => {
    await db().delete(materials).where(eq(materials.key, "biology-nutrients"));
    // What is left is a close spelling's ("zoology"), never the deleted booklet.
    expect(await titlesFor("zymology")).not.toContain("Zymology Made Plain");
  });

  it("never finds a draft; finds an article once published, and not after", async () => {
    const id = await insertArticle(db(), {
      title: "Wombat revision secrets",
      published: false,
      keywords: ["wombat"],
    });
    expect(await titlesFor("wombat")).toEqual([]);

    expect(await setArticlePublished({ db: db(), id, published: true })).toEqual({
      outcome: "changed",
      title: "Wombat revision secrets",
    });
    const published = await find("wombat");
    expect(published.results).toEqual([
      expect.objectContaining({ title: "Wombat revision secrets", href: `/smartify/${id}` }),
    ]);

    await setArticlePublished({ db: db(), id, published: false });
    expect(await titlesFor("wombat")).toEqual([]);
    await setArticlePublished({ db: db(), id, published: true });
    await deleteArticle({ db: db(), id });
    expect(await titlesFor("wombat")).toEqual([]);
  });

  it("finds an article by the words of its sections, as edited", async () => {
    const id = await insertArticle(db(), { title: "Study groups that work", published: true });
    expect(await titlesFor("paragraph")).toContain("Study groups that work");
    // Whoever writes the row (here, a plain update), the database keeps the search in step.
    await db()
      .update(articles)
      .set({ intro: ["Meet weekly.", "Bring a kettle.", "Mark each other.", "Rotate roles."] })
      .where(eq(articles.id, id));
    expect(await titlesFor("kettle")).toContain("Study groups that work");
  });

  it("writes the sections and quizzes once, however often and however many servers start", async () => {
    const count = async () =>
      (
        await db()
          .select({ count: sql<number>`count(*)::int` })
          .from(searchEntries)
          .where(sql`${searchEntries.kind} in ('page', 'quiz', 'question')`)
      )[0]!.count;
    const before = await count();
    expect(before).toBeGreaterThan(10);
    // A question since removed from its file, and two servers starting at once.
    await db().insert(searchEntries).values({
      key: "question:cell:99",
      kind: "question",
      title: "A removed question about quarks",
      place: "Brain Booster · Cell · Question 99",
      href: "/cell#question-99",
    });
    expect(
      await Promise.all([indexPagesAndQuizzes(db(), content), indexPagesAndQuizzes(db(), content)]),
    ).toEqual([before, before]);
    expect(await count()).toBe(before);
    expect(await titlesFor("quarks")).toEqual([]);

    // A restart with the same files writes nothing; a changed entry is written back.
    const version = async () =>
      (
        await db()
          .select({ xmin: sql<string>`xmin::text` })
          .from(searchEntries)
          .where(sql`${searchEntries.key} = 'quiz:cell'`)
      )[0]!.xmin;
    const unchanged = await version();
    await indexPagesAndQuizzes(db(), content);
    expect(await version()).toBe(unchanged);
    await db()
      .update(searchEntries)
      .set({ title: "Tampered" })
      .where(sql`${searchEntries.key} = 'quiz:cell'`);
    await indexPagesAndQuizzes(db(), content);
    expect(await titlesFor("tampered")).toEqual([]);
    expect(await titlesFor("cell quiz")).toContain("Cell");
  });

  it("shows a file's size and data cost with its download link", async () => {
    const [first] = (await find("patho 2019 sessional with answers")).results;
    expect(first?.download).toMatchObject({
      href: "/download/patho-2019-sessional-with-answers",
      size: "PDF, 1 KB",
      cost: "less than K0.01 of data",
    });
    expect(first?.download?.sample).toContain("Sample");
  });

  it("pages through many results and counts them all", async () => {
    const first = await find("sessional");
    expect(first.total).toBeGreaterThan(40);
    const second = await find("sessional", 2);
    expect(second.results).toHaveLength(20);
    const keys = new Set(first.results.map((result) => result.key));
    expect(second.results.some((result) => keys.has(result.key))).toBe(false);
  });

  it("falls back to entries holding most of the words when none holds them all", async () => {
    const answer = await find("quadratic hippopotamus");
    expect(answer.everyWord).toBe(false);
    expect(answer.results[0]?.title).toMatch(/Quadratic/);
  });

  it("answers any text without an error: syntax, stop words, any script", async () => {
    for (const text of [
      `a & | ! :* ' " \\`,
      "'; drop table users; --",
      "the and of",
      "中文 数学",
      "٣ ١١٠",
      "e\u0301quation",
      "😀 cells",
      "x".repeat(1000),
      "ab ".repeat(400),
    ]) {
      const answer = await find(text);
      expect(answer.results.length, text).toBeLessThanOrEqual(20);
    }
  });
});
