import { axeViolations } from "#tests/setup/accessibility";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import type { RunningServer } from "#tests/setup/http";
import { PHONE, sidewaysOverflow, smallTargets } from "#tests/setup/phone-checks";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

const session = browserSessionPerFile();

/** The search page's own targets: each is a thumb's 44 px (docs/requirements.md#tap-targets). */
const SEARCH_TARGETS =
  ".search-form input, .search-form button, .search-result a, .list-pages a, .search-suggestions a";

describe("the search page on a 360 × 740 phone", () => {
  it.each(["/search", "/search?q=cell", "/search?q=zzzzqqq", "/search?q=sessional"])(
    "%s fits, passes axe, and gives every target of its own 44 px",
    async (path) => {
      const page = await session.newPage({ viewport: PHONE });
      await page.goto(path);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await smallTargets(page)).toEqual([]);
      const short = await page.locator(SEARCH_TARGETS).evaluateAll((targets) =>
        targets
          .map((target) => ({
            name: (target.textContent ?? "").trim() || target.tagName,
            height: target.getBoundingClientRect().height,
          }))
          .filter(({ height }) => height < 44),
      );
      expect(short).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it("holds one search box, its own, with the query in it", async () => {
    const page = await session.newPage({ viewport: PHONE });
    await page.goto("/search?q=cell");
    expect(await page.getByRole("search").count()).toBe(1);
    expect(await page.locator(".site-header").getByRole("searchbox").count()).toBe(0);
    expect(await page.getByRole("searchbox", { name: "Search StudyZed" }).inputValue()).toBe(
      "cell",
    );
  });
});

/** Where the header's parts sit, and whether the box's placeholder shows whole. */
function headerLayout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = selector
        ? document.querySelector(`.site-header ${selector}`)
        : document.querySelector(".site-header");
      const { top, bottom, left, right, width, height } = element!.getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    };
    const input = document.querySelector<HTMLInputElement>(".site-header__search input")!;
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
      header: box(""),
      brand: box(".site-header__brand"),
      menu: box(".site-header__menu-button"),
      search: box(".site-header__search"),
      input: box(".site-header__search input"),
      button: box(".site-header__search button"),
      placeholderFits: context.measureText(input.placeholder).width <= room,
    };
  });
}

/**
 * The header's search box on a phone and a wide screen: the brand and the menu button stay on
 * the first line, the box never pushes anything off the screen, and a signed-in student's long
 * first name is cut short rather than moving the menu button.
 */
describe("the header's search box", () => {
  let database: TestDatabase;
  let site: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    site = await serveSite({ database });
  });
  afterAll(async () => {
    await session.closePages();
    await site?.close();
    await database?.destroy();
  });

  async function headerAt(width: number, firstName?: string) {
    const page = await session.newPage({
      baseURL: site.url,
      viewport: { width, height: 740 },
      javaScriptEnabled: false,
    });
    if (firstName) {
      const username = `header${width}`;
      await createTestUser(database.db, username);
      await database.db.update(users).set({ firstName }).where(eq(users.username, username));
      const [name, value] = (await sessionCookieFor(site.url, username)).split("=") as [
        string,
        string,
      ];
      await page.context().addCookies([{ name, value, url: site.url }]);
    }
    await page.goto("/about");
    if (firstName) await page.getByText("Logged in as").waitFor();
    return { page, layout: await headerLayout(page) };
  }

  it.each([
    [360, undefined],
    [360, "Bwalyamutinta Chilufya Nakamba"],
    [640, "Bwalyamutinta Chilufya Nakamba"],
    [960, "Bwalyamutinta Chilufya Nakamba"],
    [1280, undefined],
    [1280, "Bwalyamutinta Chilufya Nakamba"],
  ])("at %i px (signed in as %s) keeps the header in order", async (width, firstName) => {
    const { page, layout } = await headerAt(width, firstName);
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await smallTargets(page)).toEqual([]);
    // The brand and the menu button share the first line, the button at the right edge.
    expect(
      Math.abs(
        layout.menu.top + layout.menu.height / 2 - (layout.brand.top + layout.brand.height / 2),
      ),
    ).toBeLessThan(2);
    expect(layout.menu.right).toBeCloseTo(layout.header.right - 16, 0);
    // The box and its button are whole, on one line, and inside the header.
    expect(layout.button.top).toBe(layout.input.top);
    expect(layout.search.left).toBeGreaterThanOrEqual(layout.header.left);
    expect(layout.button.right).toBeLessThanOrEqual(layout.header.right);
    expect(layout.search.bottom).toBeLessThanOrEqual(layout.header.bottom);
    expect(layout.input.height).toBeGreaterThanOrEqual(44);
    expect(layout.input.width).toBeGreaterThanOrEqual(180);
    expect(layout.placeholderFits).toBe(true);
    if (width < 640) {
      // A line of its own on a phone, the width of the screen less the header's padding.
      expect(layout.search.width).toBe(width - 32);
      expect(layout.search.top).toBeGreaterThan(layout.menu.bottom);
    } else if (width >= 960) {
      // One line on a wide screen.
      expect(layout.header.height).toBeLessThanOrEqual(64);
    }
  });
});
