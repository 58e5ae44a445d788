import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertArticle } from "#tests/setup/article-fixtures";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

const PUBLISHED = 45;

/** The article titles a list page links, in its order. */
function titlesOn(html: string): string[] {
  return [...html.matchAll(/<h2><a href="\/smartify\/\d+">([^<]+)<\/a><\/h2>/g)].map(
    (match) => match[1]!,
  );
}

function pageLinks(html: string): Record<string, string> {
  const nav = /<nav aria-label="Article pages"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
  return Object.fromEntries(
    [...nav.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((match) => [
      match[2]!,
      match[1]!.replaceAll("&amp;", "&"),
    ]),
  );
}

describe("Smartify lists 20 articles a page, newest first, with plain page links", () => {
  let database: TestDatabase;
  let site: RunningServer;
  const page = async (path: string) => {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    for (let number = 1; number <= PUBLISHED; number++) {
      await insertArticle(database.db, { title: `Article number ${number}`, published: true });
    }
    await insertArticle(database.db, { title: "A draft never listed", published: false });
    site = await serveSite({ database });
  });
  afterAll(async () => {
    await site?.close();
    await database?.destroy();
  });

  it("shows the newest 20 first, and links the older ones", async () => {
    const html = await page("/smartify");
    expect(titlesOn(html)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Article number ${PUBLISHED - index}`),
    );
    expect(html).toContain("Page 1 of 3");
    expect(pageLinks(html)).toEqual({ "Older articles": "/smartify?page=2" });
    expect(html).toContain('<link rel="canonical" href="');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/smartify"/);
  });

  it("follows the links to the oldest page and back", async () => {
    const second = await page("/smartify?page=2");
    expect(titlesOn(second)[0]).toBe(`Article number ${PUBLISHED - 20}`);
    expect(pageLinks(second)).toEqual({
      "Newer articles": "/smartify",
      "Older articles": "/smartify?page=3",
    });
    expect(second).toContain("<title>Smartify (page 2) | ");
    expect(second).toMatch(/<link rel="canonical" href="[^"]*\/smartify\?page=2"/);

    const last = await page("/smartify?page=3");
    expect(titlesOn(last)).toEqual([
      "Article number 5",
      "Article number 4",
      "Article number 3",
      "Article number 2",
      "Article number 1",
    ]);
    expect(pageLinks(last)).toEqual({ "Newer articles": "/smartify?page=2" });
    expect(last).not.toContain("A draft never listed");
  });

  it("shows the first page for a page that is not there", async () => {
    for (const asked of ["0", "-1", "4", "99999", "abc", "1.5"]) {
      expect(titlesOn(await page(`/smartify?page=${asked}`))[0], asked).toBe(
        `Article number ${PUBLISHED}`,
      );
    }
  });

  it("keeps the older app's list whole", async () => {
    const response = await fetch(`${site.url}/List/`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(PUBLISHED);
  });
});
