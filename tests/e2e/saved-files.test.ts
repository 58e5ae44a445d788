import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMaterialFile } from "#app/features/catalogue/commands.server";
import { makeLiteCopy, storeFile } from "#app/features/downloads/public.server";
import { browserSessionPerFile } from "#tests/setup/browser";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import { keptOffline, OFFLINE_ERRORS, saveTopicForOffline } from "#tests/setup/service-worker";
import { scannedPdf } from "#tests/setup/pdf-fixtures";
import { axeViolations } from "#tests/setup/accessibility";

const session = browserSessionPerFile();

/** A PDF of a size no sample has, so /saved shows which version the phone keeps. */
function realPaper(text: string) {
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n% ${text}\n`),
    Buffer.alloc(4200, "p"),
    Buffer.from("\n%%EOF\n"),
  ]);
}

describe("files saved for offline", () => {
  let seeded: SeededDatabase;
  let site: Awaited<ReturnType<typeof serveSite>>;

  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    site = await serveSite({ database: seeded.database, storage: seeded.storage });
  });
  afterAll(async () => {
    await session.closePages();
    await site?.close();
    await seeded?.destroy();
  });

  /** What an admin's upload does: the material's download now serves these bytes. */
  async function replaceOnSite(key: string, bytes: Buffer) {
    return storeFile({
      db: seeded.database.db,
      storage: seeded.storage,
      bytes,
      file: { contentType: "application/pdf", fileName: `${key}.pdf`, isSample: false },
    }).then((fileId) => setMaterialFile({ db: seeded.database.db, key, fileId }));
  }

  async function savePaper(page: Page, year: string, label: string) {
    const paper = page
      .getByRole("region", { name: year, exact: true })
      .getByRole("listitem")
      // The whole row is the link; its label is the paper's name.
      .filter({ has: page.locator(".paper-row__label").getByText(label, { exact: true }) });
    await paper.getByRole("button", { name: "Save for offline" }).click();
    await expect.poll(() => paper.locator(".save-offline").textContent()).toBe("Saved for offline");
  }

  /** The saved copy's bytes as the page gets them: through the service worker. */
  const openSaved = (page: Page, href: string) =>
    page.evaluate(async (address) => (await fetch(address)).text(), href);

  it("names each file in full with its size, under its subject", async () => {
    const page = await session.newPage({ baseURL: site.url }, OFFLINE_ERRORS);
    await page.goto("/tutorials/patho");
    await keptOffline(page, "/tutorials/patho");
    await savePaper(page, "2023", "Test 1");
    await page.goto("/tutorials/BI110");
    await savePaper(page, "2023", "Sessional");
    await page.goto("/tutorials/mathematics");
    await saveTopicForOffline(page, "Indices");

    await page.goto("/saved");
    await page.context().setOffline(true);
    await page.reload();
    const list = page.locator("#saved-list");
    await expect
      .poll(() => list.getByRole("heading").allTextContents())
      .toEqual(["BI110 Biology", "Mathematics", "Pathology"]);
    const items = await list.getByRole("listitem").allTextContents();
    expect(items).toEqual([
      expect.stringMatching(/^BI110 Biology · 2023 · Sessional \(\d+ KB\) Remove$/),
      expect.stringMatching(/^Mathematics · Grade Ten · Indices \(\d+ KB\) Remove$/),
      expect.stringMatching(/^Pathology · 2023 · Test 1 \(\d+ KB\) Remove$/),
    ]);
    expect(
      await list.getByRole("link", { name: "Pathology · 2023 · Test 1" }).getAttribute("href"),
    ).toBe("/download/patho-2023-test-1");
  });

  it("keeps a saved file the site has not changed, checking it for a 304", async () => {
    const page = await session.newPage({ baseURL: site.url }, OFFLINE_ERRORS);
    await page.goto("/tutorials/patho");
    await keptOffline(page, "/tutorials/patho");
    await savePaper(page, "2022", "Test 1");
    const saved = await openSaved(page, "/download/patho-2022-test-1");
    const checks: { status: number; ifNoneMatch: string | null }[] = [];
    page.context().on("response", async (response) => {
      if (!response.url().endsWith("/download/patho-2022-test-1")) return;
      const ifNoneMatch = await response.request().headerValue("if-none-match");
      checks.push({ status: response.status(), ifNoneMatch });
    });
    expect(await openSaved(page, "/download/patho-2022-test-1")).toBe(saved);
    await expect
      .poll(() => checks.find((check) => check.status === 304)?.ifNoneMatch)
      .toMatch(/^"[0-9a-f]{64}"$/);
  });

  it("replaces a saved file the site has changed when it is opened online", async () => {
    const page = await session.newPage({ baseURL: site.url }, OFFLINE_ERRORS);
    await page.goto("/tutorials/patho");
    await keptOffline(page, "/tutorials/patho");
    await savePaper(page, "2021", "Sessional");
    const newer = realPaper("The real 2021 Sessional");
    await replaceOnSite("patho-2021-sessional", newer);
    const href = "/download/patho-2021-sessional";
    expect(await openSaved(page, href)).toBe(newer.toString("latin1"));
    await page.context().setOffline(true);
    await expect.poll(() => openSaved(page, href)).toBe(newer.toString("latin1"));
    // Never opened in this browser, yet there offline: the service worker keeps it at install.
    await page.goto("/saved");
    await expect
      .poll(() => page.locator("#saved-list li").textContent())
      .toBe("Pathology · 2021 · Sessional (4 KB) Remove");
  });

  it("replaces every changed saved file when /saved is opened online", async () => {
    const page = await session.newPage({ baseURL: site.url }, OFFLINE_ERRORS);
    await page.goto("/tutorials/patho");
    await keptOffline(page, "/tutorials/patho");
    await savePaper(page, "2020", "Test 1");
    await page.goto("/saved");
    const item = page.locator("#saved-list li");
    await expect.poll(() => item.textContent()).toBe("Pathology · 2020 · Test 1 (1 KB) Remove");
    const newer = realPaper("The real 2020 Test 1");
    await replaceOnSite("patho-2020-test-1", newer);
    await page.reload();
    await expect.poll(() => item.textContent()).toBe("Pathology · 2020 · Test 1 (4 KB) Remove");
    await page.context().setOffline(true);
    expect(await openSaved(page, "/download/patho-2020-test-1")).toBe(newer.toString("latin1"));
  });

  it("saves a scan's lite copy, offered first, and opens it offline", async () => {
    const scan = Buffer.from(await scannedPdf(4));
    await replaceOnSite("patho-2018-test-2", scan);
    const { createHash } = await import("node:crypto");
    const subject = createHash("sha256").update(scan).digest("hex");
    // What the site's background job does once the upload is in.
    await makeLiteCopy({ db: seeded.database.db, storage: seeded.storage, job: { subject } });
    site.contentChanged();

    const page = await session.newPage({ baseURL: site.url }, OFFLINE_ERRORS);
    const row = page
      .getByRole("region", { name: "2018", exact: true })
      .getByRole("listitem")
      .filter({ has: page.locator(".paper-row__label").getByText("Test 2", { exact: true }) });
    // The page kept before the copy was made gives way to one that offers it.
    await expect
      .poll(async () => {
        await page.goto("/tutorials/patho");
        return row.locator(".paper-row").getAttribute("href");
      })
      .toBe("/download/patho-2018-test-2/lite");
    expect(await row.locator(".paper-row .download-info").textContent()).toMatch(
      /^Lite, \d+ KB · (K\d\.\d\d|under K0\.01)$/,
    );
    const full = row.getByRole("link", { name: /^Full, 1\.\d MB · K\d\.\d\d$/ });
    expect(await full.getAttribute("href")).toBe("/download/patho-2018-test-2");
    const box = await full.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    expect(await axeViolations(page, { include: ".paper-list" })).toEqual([]);

    await keptOffline(page, "/tutorials/patho");
    await savePaper(page, "2018", "Test 2");
    await page.goto("/saved");
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.locator("#saved-list li").allTextContents())
      .toContainEqual(expect.stringMatching(/^Pathology · 2018 · Test 2 \(\d+ KB\) Remove$/));
    const bytes = await page.evaluate(async () => {
      const answer = await fetch("/download/patho-2018-test-2/lite");
      return (await answer.arrayBuffer()).byteLength;
    });
    expect(bytes * 3).toBeLessThanOrEqual(scan.byteLength);
  });
});
