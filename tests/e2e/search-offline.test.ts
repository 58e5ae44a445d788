import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CACHE } from "#app/lib/offline";
import { browserSessionPerFile } from "#tests/setup/browser";
import { smallTargets } from "#tests/setup/phone-checks";
import { keptOffline, OFFLINE_ERRORS } from "#tests/setup/service-worker";

/**
 * A search with no connection (docs/decisions/0047-search-needs-a-connection.md): it says
 * search needs one and lists the pages the phone keeps, and never shows a kept results page,
 * which would answer another query.
 */
const session = browserSessionPerFile();

const NEEDS_A_CONNECTION = "Search needs a connection";

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

/** The pages the service worker keeps, by address. */
const keptPaths = (page: Page) =>
  page.evaluate(
    async (name) =>
      (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname),
    CACHE.pages,
  );

/** The list of kept pages as the page shows it, once offline.js has filled it: [title, address]. */
async function keptPagesListed(page: Page): Promise<string[][]> {
  const list = page.getByRole("list", { name: "Pages on this phone" });
  await list.waitFor();
  return list
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => [link.textContent, link.getAttribute("href") ?? ""]),
    );
}

/** A phone that has kept `path` and then lost its connection. */
async function offlineAfterSeeing(path: string): Promise<Page> {
  const page = await session.newPage({}, OFFLINE_ERRORS);
  await page.goto(path);
  await keptOffline(page, path);
  await page.context().setOffline(true);
  return page;
}

describe("search with no connection", () => {
  it("says search needs one, names the query and lists the pages seen, never another query's results", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    await page.goto("/tutorials/mathematics");
    await keptOffline(page, "/tutorials/mathematics");
    await page.goto("/introduction_to_mathematics");
    await keptOffline(page, "/introduction_to_mathematics");
    await page.goto("/search?q=cell");
    expect(await page.getByRole("status").textContent()).toMatch(/^\d+ results? for “cell”/);
    // Pages are kept in the order they came: once a later one is kept, a results page would be.
    await page.goto("/about");
    await keptOffline(page, "/about");
    expect(await keptPaths(page)).not.toContain("/search");

    await page.context().setOffline(true);
    for (const query of ["cell", "patho"]) {
      await page.goto(`/search?q=${query}`);
      expect(await heading(page)).toBe(NEEDS_A_CONNECTION);
      expect(await page.locator("#unsearched").textContent()).toBe(
        `Your search for “${query}” could not be made.`,
      );
      // Ready in the header's box for when the connection is back.
      expect(await page.getByRole("searchbox", { name: "Search", exact: true }).inputValue()).toBe(
        query,
      );
      const listed = await keptPagesListed(page);
      // The most recently opened first; the home page and the saved list were kept at install.
      expect(listed.slice(0, 3)).toEqual([
        ["About", "/about"],
        ["Introduction to Mathematics Brain Booster", "/introduction_to_mathematics"],
        ["Mathematics", "/tutorials/mathematics"],
      ]);
      expect(listed).toContainEqual(["Home", "/"]);
      const main = await page.getByRole("main").textContent();
      expect(main).not.toMatch(/results? for|Nothing found/);
      expect(await page.locator(".search-results, .search-result").count()).toBe(0);
    }
    expect(await page.getByRole("main").textContent()).not.toContain("cell");
    expect(await smallTargets(page), "targets too small").toEqual([]);

    await page.getByRole("link", { name: "Mathematics", exact: true }).click();
    await page.waitForURL("**/tutorials/mathematics");
    expect(await heading(page)).toBe("Mathematics");
  });

  it("shows the query as text, never as markup", async () => {
    const page = await offlineAfterSeeing("/about");
    const query = `<img src=x onerror="document.title='run'"><b>cell</b>`;
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    expect(await heading(page)).toBe(NEEDS_A_CONNECTION);
    expect(await page.locator("#unsearched").textContent()).toBe(
      `Your search for “${query}” could not be made.`,
    );
    expect(await page.locator("#unsearched img, #unsearched b").count()).toBe(0);
    expect(await page.title()).not.toBe("run");
  });

  it("searches for real again once the connection is back", async () => {
    const page = await offlineAfterSeeing("/about");
    await page.goto("/search?q=patho");
    expect(await heading(page)).toBe(NEEDS_A_CONNECTION);
    await page.context().setOffline(false);
    await page.goto("/search?q=patho");
    expect(await heading(page)).toBe("Search");
    expect(await page.getByRole("status").textContent()).toMatch(/^\d+ results? for “patho”/);
    expect(await page.locator(".search-result").count()).toBeGreaterThan(0);
  });

  it("says search needs a connection and leads to the saved files without its script", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/offline/search");
    expect(await heading(page)).toBe(NEEDS_A_CONNECTION);
    expect(await page.getByRole("main").textContent()).toContain(
      "Nothing was searched and no results are shown.",
    );
    expect(
      await page.getByRole("link", { name: "saved booklets and papers" }).getAttribute("href"),
    ).toBe("/saved");
    expect(await page.locator("#unsearched").isVisible()).toBe(false);
    expect(await page.getByRole("list", { name: "Pages on this phone" }).count()).toBe(0);
  });
});
