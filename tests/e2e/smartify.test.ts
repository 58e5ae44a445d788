import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import { loadArticles } from "#app/features/articles/load-articles.server";
import { insertArticle } from "#tests/setup/article-fixtures";
import { browserSessionPerFile } from "#tests/setup/browser";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

const session = browserSessionPerFile();
const HOSTILE_TITLE = `<script>window.__owned = true</script><img src=x onerror="window.__owned=true">`;

describe("Smartify", () => {
  let database: TestDatabase;
  let site: RunningServer;
  let hostileId: number;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    await loadArticles({ db: database.db });
    const image = (name: string) => ({
      src: `/images/articles/manage-exam-stress-${name}.webp`,
      alt: name,
    });
    hostileId = await insertArticle(database.db, {
      title: HOSTILE_TITLE,
      date: "2026-11-01",
      keywords: ["hostile"],
      images: [image("1"), image("2"), image("3")],
      closingImage: image("closing"),
    });
    site = await serveSite({ database });
  });
  afterAll(async () => {
    await site?.close();
    await database?.destroy();
  });

  it("goes from the list to an article and back", async () => {
    const page = await session.newPage({ baseURL: site.url });
    await page.goto("/smartify");
    const items = page.locator(".article-card");
    expect(await items.count()).toBe(4);
    const second = items.nth(1);
    const title = await second.getByRole("heading", { level: 2 }).textContent();
    expect(await second.locator("img").getAttribute("width")).toBe("300");
    expect(await second.locator("img").getAttribute("height")).toBe("200");
    await second.getByRole("link", { name: /finish reading/ }).click();
    await page.waitForURL(/\/smartify\/\d+$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
    expect(await page.locator(".article__images img").count()).toBe(3);
    expect(await page.locator(".article__intro").count()).toBe(4);
    expect(await page.locator("article section h2").count()).toBe(14);
    expect(await page.getByText(/^Posted by: /).count()).toBe(1);
    expect(await page.getByText(/^Position: /).count()).toBe(1);
    await page.goBack();
    await page.waitForURL(/\/smartify$/);
    expect(await page.locator(".article-card").count()).toBe(4);
  });

  it("lists the newest first, with the home page linking the newest", async () => {
    const page = await session.newPage({ baseURL: site.url });
    await page.goto("/smartify");
    const first = page.locator(".article-card").first();
    expect(await first.getByRole("heading", { level: 2 }).textContent()).toBe(HOSTILE_TITLE);
    await page.goto("/");
    expect(await page.locator(".home__latest a").getAttribute("href")).toBe(
      `/smartify/${hostileId}`,
    );
  });

  it("calls the seeded articles examples, and an article written on the site not", async () => {
    const page = await session.newPage({ baseURL: site.url });
    await page.goto("/smartify");
    const notes = await page
      .locator(".article-card")
      .evaluateAll((cards) =>
        cards.map((card) => card.querySelector(".sample-note")?.textContent ?? null),
      );
    expect(notes).toEqual([
      null,
      ...Array<string>(3).fill(
        "Example article: written to show what Smartify articles look like.",
      ),
    ]);
    await page.goto(`/smartify/${hostileId}`);
    expect(await page.locator(".sample-note").count()).toBe(0);
  });

  it("renders a title containing <script> as text on the list and the article", async () => {
    for (const path of ["/smartify", `/smartify/${hostileId}`]) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      expect(html, path).not.toContain("<script>window.__owned");
      expect(html, path).toContain("&lt;script&gt;window.__owned = true&lt;/script&gt;");
      const page = await session.newPage({ baseURL: site.url });
      await page.goto(path);
      expect(await page.evaluate(() => (window as { __owned?: boolean }).__owned)).toBeUndefined();
      expect(await page.getByText(HOSTILE_TITLE).first().isVisible()).toBe(true);
    }
  });

  it("puts the article's own title, description, keywords and share card in the raw server head", async () => {
    const list = (await (await fetch(`${site.url}/List/`)).json()) as {
      id: number;
      title: string;
      introFirst: string;
    }[];
    const article = list.find((item) => item.title.startsWith("How to use past papers"))!;
    const html = await (
      await fetch(`${site.url}/smartify/${article.id}`, {
        headers: { "user-agent": "WhatsApp/2.23" },
      })
    ).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<title>${article.title} | StudyZed</title>`);
    expect(head).toMatch(/<meta name="keywords" content="[^"]*past papers[^"]*"/i);
    const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? "";
    expect(
      article.introFirst.startsWith(description.replace(/…$/, "").replace(/&#x27;/g, "'")),
    ).toBe(true);
    expect(head).toContain('<meta property="og:type" content="article"/>');
    // Its own PNG card, not its first picture: WhatsApp shows no WebP preview.
    expect(head).toMatch(
      new RegExp(
        `<meta property="og:image" content="http://localhost:3000/share/article/${article.id}\\.png\\?v=[0-9a-f]{16}"/>`,
      ),
    );
    expect(head).toContain('<meta property="og:image:type" content="image/png"/>');
    expect(head).toContain(
      `<link rel="canonical" href="http://localhost:3000/smartify/${article.id}"/>`,
    );
  });

  it.each(["/smartify/99999", "/smartify/abc", "/smartify/1.5"])(
    "shows the not-found screen with 404 for %s",
    async (path) => {
      const response = await fetch(`${site.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain(
        "Error: Page not found or the url you entered has been removed",
      );
    },
  );
});

describe("an empty Smartify", () => {
  it("shows the spinner and a 'Try again' button while there is nothing to list", async () => {
    const database = await createTestDatabase("pglite");
    const site = await serveSite({ database });
    try {
      const page = await session.newPage({ baseURL: site.url });
      await page.goto("/smartify");
      expect(await page.locator(".spinner").isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe(
        "/smartify",
      );
    } finally {
      await session.closePages();
      await site.close();
      await database.destroy();
    }
  });
});

describe("a Smartify list that cannot be loaded", () => {
  it("keeps the spinner, offers 'Try again' and logs the failure", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "error",
      destination: new Writable({
        write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()),
      }),
    });
    const database = await createTestDatabase("pglite");
    const site = await serveSite({ database, logger });
    try {
      await database.close();
      const page = await session.newPage({ baseURL: site.url });
      const response = await page.goto("/smartify");
      expect(response?.status()).toBe(200);
      expect(await page.locator(".spinner").isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Try again" }).isVisible()).toBe(true);
      expect(lines.join("")).toContain("the Smartify list could not be loaded");
    } finally {
      await session.closePages();
      await site.close();
      await database.destroy();
    }
  });
});
