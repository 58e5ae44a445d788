import { describe, expect, inject, it } from "vitest";
import { formatBytes } from "#app/features/downloads/describe-download";
import { browserSessionPerFile } from "#tests/setup/browser";
import { PHONE as SCREEN, smallTargets } from "#tests/setup/phone-checks";
import { saveTopicForOffline } from "#tests/setup/service-worker";

const session = browserSessionPerFile();
const baseUrl = inject("baseUrl");
const PHONE = { viewport: SCREEN };

describe("targets big enough for a thumb, at 360 px", () => {
  it("gives the footer's links and 'Back to Smartify' room for a thumb", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/smartify/1");
    const heights = await page
      .locator("footer a, a:text-is('Back to Smartify')")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    // FAQ, Saved for offline and Back to Smartify: the shipped settings set no social link.
    expect(heights.length).toBe(3);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
  });

  it("gives /saved's Remove button room for a thumb", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials/mathematics");
    await saveTopicForOffline(page, "Indices");
    await page.goto("/saved");
    const remove = page.getByRole("button", { name: "Remove" });
    await remove.waitFor();
    expect((await remove.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await smallTargets(page)).toEqual([]);
  });
});

describe("the main action on a card or row", () => {
  it("gives each topic a Download button named for its topic, with the booklet's size and data cost", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials/mathematics");
    const cards = page.locator(".topic");
    const buttons = await cards.evaluateAll((found) =>
      found.map((card) => ({
        title: card.querySelector("h3")?.textContent ?? "",
        links: [...card.querySelectorAll("a")]
          .filter((link) => link.textContent?.startsWith("Download"))
          .map((link) => link.textContent),
      })),
    );
    expect(buttons.length).toBeGreaterThan(20);
    for (const { title, links } of buttons) expect(links).toEqual([`Download ${title}`]);
    const indices = cards.filter({
      has: page.getByRole("heading", { name: "Indices", exact: true }),
    });
    const button = indices.getByRole("link", { name: "Download Indices", exact: true });
    // What a sighted student reads: the title is there for screen readers only.
    expect(
      await button.evaluate((link) => {
        const copy = link.cloneNode(true) as Element;
        copy.querySelectorAll(".visually-hidden").forEach((hidden) => hidden.remove());
        return copy.textContent;
      }),
    ).toBe("Download");
    const href = await button.getAttribute("href");
    expect(href).toBe(await indices.locator(".topic__cover").getAttribute("href"));
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const head = await fetch(`${baseUrl}${href}`, { method: "HEAD" });
    const size = formatBytes(Number(head.headers.get("content-length")));
    expect(await indices.locator(".download-info").textContent()).toBe(
      `PDF, ${size} · less than K0.01 of data`,
    );
  });

  it("makes each past paper a full-width row at least 44 px tall that downloads the paper", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials/patho");
    const rows = await page.locator(".paper-list a").evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        const list = link.closest("ul")!.getBoundingClientRect();
        return {
          href: link.getAttribute("href"),
          height: box.height,
          fill: box.width / list.width,
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      expect(row.height, row.href!).toBeGreaterThanOrEqual(44);
      expect(row.fill, row.href!).toBeCloseTo(1, 2);
    }
    const test1 = page.locator("#year-2019 + .paper-list a").first();
    expect(await test1.getAttribute("href")).toBe("/download/patho-2019-test-1");
    expect(await test1.textContent()).toMatch(
      /^Pathology 2019 Test 1 PDF, \d+ KB · less than K0\.01 of data/,
    );
  });

  it("names every topic link and button for the topic, and shows the topic's title on its cover", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials/mathematics");
    const sets = page
      .locator(".topic")
      .filter({ has: page.getByRole("heading", { name: "Sets", exact: true }) });
    for (const name of [
      "Practice Test: Sets",
      "Practice Test Answers: Sets",
      "Brain Booster: Sets",
    ])
      expect(await sets.getByRole("link", { name, exact: true }).count(), name).toBe(1);
    expect(await sets.locator(".topic__cover-title").textContent()).toBe("Sets");
    await page.waitForSelector(".save-offline:not([data-pending])");
    expect(await sets.locator(".save-offline").getAttribute("aria-label")).toBe(
      "Save for offline: Mathematics · Grade Ten · Sets",
    );
    // No two links or buttons of the page share a name: each says what it acts on.
    const names = await page
      .locator("main a[href], main button")
      .evaluateAll((elements) =>
        elements.map((element) => element.getAttribute("aria-label") ?? element.textContent ?? ""),
      );
    const repeated = names.filter((name, at) => names.indexOf(name) !== at);
    expect(repeated).toEqual([]);
  });

  it("keeps each topic compact on a phone, the extras in one line, mathematics half as long", async () => {
    const page = await session.newPage(PHONE);
    for (const path of ["/tutorials/mathematics", "/tutorials/biology", "/tutorials/english"]) {
      await page.goto(path);
      const topics = await page.locator(".topic").evaluateAll((items) =>
        items.map((topic) => ({
          height: topic.getBoundingClientRect().height,
          extraLines: new Set(
            [...topic.querySelectorAll(".topic__more > li")].map(
              (item) => item.getBoundingClientRect().top,
            ),
          ).size,
        })),
      );
      // A topic stacked as a card took about 390 px at 360 px wide; a long title takes a line
      // or two more here (docs/decisions/0104-subject-pages-half-as-long.md).
      expect(Math.max(...topics.map((topic) => topic.height)), path).toBeLessThanOrEqual(235);
      expect(Math.max(...topics.map((topic) => topic.extraLines)), path).toBe(1);
    }
    // Mathematics was 14,590 px with a card per topic, the same sample files and fonts.
    await page.goto("/tutorials/mathematics");
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      14_590 / 2,
    );
  });

  it("says FREE beside a priced booklet's struck-through price, as on a free one", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials/mathematics");
    const card = (title: string) =>
      page
        .locator(".topic")
        .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    expect(await card("Sets").locator("s").textContent()).toBe("4 ZMW");
    expect(await card("Sets").getByText("FREE", { exact: true }).isVisible()).toBe(true);
    expect(await card("Indices").getByText("FREE", { exact: true }).count()).toBe(1);
    expect(await card("Indices").locator("s").count()).toBe(0);
    // One word for free on every page: no other way of saying it.
    expect(await page.getByText(/free for now|low-cost/i).count()).toBe(0);
  });
});

describe("honest samples on a fresh install", () => {
  it("says that a download is a sample and what the real file will be, once for a page of them", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials/mathematics");
    expect(await page.locator("main .sample-note").allTextContents()).toEqual([
      "Every file on this page is a sample for now — the real booklets, practice tests and answers will be added later.",
    ]);
    await page.goto("/tutorials/patho");
    expect(await page.locator(".paper-row").first().locator(".sample-note").textContent()).toBe(
      "Sample file — the real paper will be added later.",
    );
    for (const [path, note] of [
      ["/", "Sample file — the real file will be added later."],
      ["/books", "Sample file — the real book will be added later."],
      ["/app", "Sample file — the real app will be added later."],
    ] as const) {
      await page.goto(path);
      expect(await page.locator(".sample-note").first().textContent(), path).toBe(note);
    }
  });

  it("says the seeded Smartify articles are examples, on the list and on the article", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/smartify");
    const cards = page.locator(".article-card");
    expect(await cards.locator(".sample-note").count()).toBe(await cards.count());
    await cards.first().getByRole("heading", { level: 2 }).getByRole("link").click();
    await page.waitForURL(/\/smartify\/\d+$/);
    expect(await page.locator("main .sample-note").textContent()).toBe(
      "Example article: written to show what Smartify articles look like.",
    );
  });
});
