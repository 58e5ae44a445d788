import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUDGETS } from "#bench/page-weight";
import { storedFiles } from "#database/schema";
import { loadArticles } from "#app/features/articles/load-articles.server";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import type { RunningServer } from "#tests/setup/http";
import { phonePhoto } from "#tests/setup/photo-fixtures";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";

const session = browserSessionPerFile();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A cheap Android phone: a small screen at twice the pixels, so srcset picks the 2x copies. */
const PHONE = { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true };

/**
 * What a first visit costs a phone (docs/requirements.md#byte-budgets): every response the
 * page itself loads, as compressed on the wire, until the network is quiet, without scrolling.
 */
async function firstVisitBytes(page: Page, path: string) {
  const responses: { url: string; bytes: number }[] = [];
  page.on("requestfinished", (request) => {
    void request.sizes().then(({ responseBodySize }) => {
      responses.push({ url: request.url(), bytes: responseBodySize });
    });
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await page.waitForTimeout(200);
  return {
    bytes: responses.reduce((sum, response) => sum + response.bytes, 0),
    responses,
  };
}

describe("an owner's phone photo in a short article", () => {
  let seeded: SeededDatabase;
  let site: RunningServer;
  let photo: Buffer;

  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    await loadArticles({ db: seeded.database.db });
    await createTestUser(seeded.database.db, "owner", "admin");
    site = await serveSite({ database: seeded.database, storage: seeded.storage });
    photo = await phonePhoto();
  });
  afterAll(async () => {
    await session.closePages();
    await site?.close();
    await seeded?.destroy();
  });

  let articleId = 0;

  it(
    "is sent once: a refused try keeps it, and the next try does not upload it again",
    {
      timeout: 90_000,
    },
    async () => {
      const page = await session.newPage({ baseURL: site.url }, [/status of 400/]);
      await page.goto(`/login?next=${encodeURIComponent("/admin/articles/new")}`);
      await page.locator("form[data-enhanced]").waitFor();
      await page.getByLabel("Username").fill("owner");
      await page.getByLabel("Password").fill(TEST_PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((url) => url.pathname === "/admin/articles/new");
      await page.waitForFunction(() => "__reactRouterContext" in window);
      await page.getByLabel("Title").fill("A photo from the class");
      const image = page.getByRole("group", { name: "Image 1" });
      await image.getByLabel("description").fill("Students at their desks");
      await image
        .getByLabel("Or upload a picture")
        .setInputFiles({ name: "IMG_0412.jpg", mimeType: "image/jpeg", buffer: photo });
      await page.getByRole("button", { name: "Save and publish" }).click();
      await expect
        .poll(() => page.getByRole("alert").textContent(), { timeout: 20_000 })
        .toContain("Not published: 3 fields to fill in or fix first.");
      expect(await image.getByLabel("Address").inputValue()).toMatch(
        /^\/files\/[0-9a-f]{64}\.jpg$/,
      );
      expect(
        await image.getByLabel("Or upload a picture").evaluate((box) => {
          return (box as HTMLInputElement).files?.length;
        }),
      ).toBe(0);

      await page.getByLabel("Intro paragraph 1").fill("One paragraph is enough to begin.");
      // Section 1 holds a problem, so it is open already.
      await page.getByLabel("Section 1 heading").fill("What we did");
      await page.getByLabel("Section 1 paragraph 1").fill("We revised for the mock exams.");
      await page.getByRole("button", { name: "Save and publish" }).click();
      await page.waitForURL(/\/admin\/articles\?saved=\d+$/);
      articleId = Number(new URL(page.url()).searchParams.get("saved"));
      // Each upload is stored under its name: the photo arrived once, on the first try.
      const uploads = await seeded.database.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.fileName, "IMG_0412.jpg"));
      expect(uploads).toHaveLength(1);
    },
  );

  it("leaves /smartify and the article within a content page's first-visit budget", async () => {
    expect(articleId).toBeGreaterThan(0);
    for (const path of ["/smartify", `/smartify/${articleId}`]) {
      const page = await session.newPage({ baseURL: site.url, ...PHONE });
      const visit = await firstVisitBytes(page, path);
      const pictures = visit.responses.filter(({ url }) => url.includes("/files/"));
      // The photo was shown, as a copy within the ceiling for the list's 600 × 400.
      expect(pictures.length, path).toBeGreaterThan(0);
      expect(Math.max(...pictures.map(({ bytes }) => bytes)), path).toBeLessThanOrEqual(24_000);
      expect(
        visit.bytes,
        `${path} costs ${kb(visit.bytes)} on a first visit, ${kb(visit.bytes - BUDGETS.contentPageFirstVisit)} over: ${JSON.stringify(visit.responses)}`,
      ).toBeLessThanOrEqual(BUDGETS.contentPageFirstVisit);
    }
  });
});
