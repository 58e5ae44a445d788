import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";
import { PHONE } from "#tests/setup/phone-checks";

const session = browserSessionPerFile();

/** What a page says it is: its heading and the canonical address its link preview reads. */
const pageIdentity = (page: Page) =>
  page.evaluate(() => ({
    heading: document.querySelector("h1")!.textContent,
    canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href,
    title: document.title,
  }));

/** A share sheet the test can read: Chromium on Linux has none, a phone's browser has. */
const STUB_SHARE_SHEET = () => {
  const shared: ShareData[] = [];
  Object.assign(window, { sharedWith: shared });
  Object.defineProperty(navigator, "share", {
    value: (data: ShareData) => {
      shared.push(data);
      return Promise.resolve();
    },
  });
};

/** docs/decisions/0101-a-share-link-on-articles-and-subjects.md */
describe.each([
  ["an article", "/smartify/1", "Share this article"],
  ["a subject page", "/tutorials/mathematics", "Share this page"],
  ["a past-paper page", "/tutorials/patho", "Share this page"],
])("sharing %s", (_kind, path, name) => {
  it("is a WhatsApp link with the title and canonical address when JavaScript is off", async () => {
    const page = await session.newPage({ viewport: PHONE, javaScriptEnabled: false });
    await page.goto(path);
    const { heading, canonical } = await pageIdentity(page);
    expect(new URL(canonical).pathname).toBe(path);
    const link = page.getByRole("link", { name: `${name} on WhatsApp`, exact: true });
    expect(await link.getAttribute("href")).toBe(
      `https://wa.me/?text=${encodeURIComponent(`${heading} ${canonical}`)}`,
    );
  });

  it("opens the phone's share sheet with the title and canonical address where there is one", async () => {
    const page = await session.newPage({ viewport: PHONE });
    await page.addInitScript(STUB_SHARE_SHEET);
    await page.goto(path);
    const { title, canonical } = await pageIdentity(page);
    // The page's script has run once the page has loaded: the link no longer names WhatsApp.
    await page.getByRole("link", { name, exact: true }).click();
    expect(await page.evaluate(() => Reflect.get(window, "sharedWith") as ShareData[])).toEqual([
      { title, url: canonical },
    ]);
    expect(new URL(page.url()).pathname).toBe(path);
  });

  it("stays the WhatsApp link on a browser with no share sheet", async () => {
    const page = await session.newPage({ viewport: PHONE });
    await page.goto(path);
    expect(await page.evaluate(() => "share" in navigator)).toBe(false);
    const link = page.getByRole("link", { name: `${name} on WhatsApp`, exact: true });
    expect(await link.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\?text=/);
  });
});

describe("an article on a 360 × 740 phone", () => {
  it("shows its first sentence in the first screen, before the pictures", async () => {
    const list = await session.newPage({ viewport: PHONE });
    await list.goto("/smartify");
    const articles = await list
      .locator(".article-card h2 a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(articles.length).toBeGreaterThan(0);
    for (const path of articles) {
      const page = await session.newPage({ viewport: PHONE });
      await page.goto(path);
      const placed = await page.evaluate(() => {
        const lead = document.querySelector(".article__intro")!;
        const text = lead.firstChild as Text;
        const end = (/[.!?](\s|$)/.exec(text.data)?.index ?? text.data.length - 1) + 1;
        const sentence = document.createRange();
        sentence.setStart(text, 0);
        sentence.setEnd(text, end);
        return {
          sentenceBottom: sentence.getBoundingClientRect().bottom,
          pictureTop: document.querySelector(".article-image")!.getBoundingClientRect().top,
        };
      });
      expect(placed.sentenceBottom, path).toBeLessThanOrEqual(PHONE.height);
      expect(placed.sentenceBottom, path).toBeLessThan(placed.pictureTop);
    }
  });
});
