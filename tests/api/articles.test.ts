import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertArticle } from "#tests/setup/article-fixtures";
import { rawGet, TEST_CONFIG, type RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

describe.each(DATABASE_KINDS)("the older article calls on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  const ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ids.push(await insertArticle(database.db, { title: "First written", date: "2026-01-01" }));
    ids.push(await insertArticle(database.db, { title: "Second written", date: "2026-02-01" }));
    ids.push(await insertArticle(database.db, { title: "A draft", published: false }));
    ids.push(await insertArticle(database.db, { title: "Third written", date: "2026-03-01" }));
    server = await serveSite({ database });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it("GET /List/ lists published articles oldest first, exactly id, title, date, time, firstImage, introFirst", async () => {
    const response = await fetch(`${server.url}/List/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const list = (await response.json()) as Record<string, unknown>[];
    expect(list.map((item) => item.title)).toEqual([
      "First written",
      "Second written",
      "Third written",
    ]);
    expect(list[0]).toEqual({
      id: ids[0],
      title: "First written",
      date: "2026-01-01",
      time: "09:00",
      firstImage: `${TEST_CONFIG.siteUrl}/images/articles/test-1.webp`,
      introFirst: "Intro one.",
    });
    expect(Object.keys(list[0]!)).toEqual([
      "id",
      "title",
      "date",
      "time",
      "firstImage",
      "introFirst",
    ]);
  });

  it("GET /Data/{id} answers the whole flat article, every field a string", async () => {
    const response = await fetch(`${server.url}/Data/${ids[1]}`);
    expect(response.status).toBe(200);
    const article = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(article)).toHaveLength(84);
    expect(article).toMatchObject({
      id: ids[1],
      title: "Second written",
      poster: "Test Poster",
      position: "Tester",
      firstImage: `${TEST_CONFIG.siteUrl}/images/articles/test-1.webp`,
      thirdImage: "https://cdn.example/test-3.webp",
      introFourth: "Intro four.",
      fparaBoldOne: "Heading 1.1",
      firstParagraphTwentyeight: "Paragraph 1.7.4",
      secondParagraphBoldSeven: "Heading 2.7",
      secondParagraphTwentyseven: "Paragraph 2.7.3",
      secondParagraphTwentyeight: "testing, articles",
      oimg: `${TEST_CONFIG.siteUrl}/images/articles/test-closing.webp`,
    });
    for (const [field, value] of Object.entries(article))
      if (field !== "id") expect(typeof value, field).toBe("string");
  });

  it("answers 304 when the client already has the list", async () => {
    const first = await rawGet(`${server.url}/List/`);
    expect(first.headers.etag).toBeTruthy();
    const again = await rawGet(`${server.url}/List/`, { "If-None-Match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it.each(["99999", "abc", "1.5", "-1", "0", "12345678901234567890", ""])(
    "GET /Data/%s is a 404 with a JSON error",
    async (id) => {
      const response = await fetch(`${server.url}/Data/${id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: "Article not found" });
    },
  );

  it("does not serve an unpublished article", async () => {
    expect((await fetch(`${server.url}/Data/${ids[2]}`)).status).toBe(404);
  });
});
