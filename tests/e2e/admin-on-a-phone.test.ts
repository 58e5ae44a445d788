import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "#bench/page-weight";
import { axeViolations } from "#tests/setup/accessibility";
import { type AdminSite, serveSiteWithAdmin } from "#tests/setup/admin-site";
import { browserSessionPerFile } from "#tests/setup/browser";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";
import { CONNECTION_GONE_ERRORS } from "#tests/setup/service-worker";

const session = browserSessionPerFile();
const PHONE = { width: 360, height: 740 };

/** A PDF of about 2.1 MB, as a scanned past paper is. */
const SCANNED_PAPER = placeholderPdf("Pathology 2019, scanned", 2_100_000);

/**
 * The admin pages on a cheap phone, 360 pixels wide (docs/requirements.md#admin): a
 * draft saved with only a title, refusals that name fields as the form does, no page wider
 * than the screen, and uploads that say what they stored.
 */
describe("the admin pages on a phone", () => {
  let site: AdminSite;
  let cookie: string;

  beforeAll(async () => {
    site = await serveSiteWithAdmin("editor");
    cookie = site.cookie;
  });
  afterAll(async () => {
    await session.closePages();
    await site?.close();
  });

  /** A phone signed in as the admin, with or without JavaScript. */
  async function adminPhone(
    options: BrowserContextOptions = {},
    expectedErrors: RegExp[] = [],
  ): Promise<Page> {
    const page = await session.newPage(
      { baseURL: site.url, viewport: PHONE, ...options },
      expectedErrors,
    );
    const [name, value] = cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, url: site.url }]);
    return page;
  }
  const hydrated = (page: Page) => page.waitForFunction(() => "__reactRouterContext" in window);
  const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

  it("saves a draft with only a title, which students never see and the list will not publish", async () => {
    const page = await adminPhone({}, [/status of 400/]);
    await page.goto("/admin/articles/new");
    await hydrated(page);
    await page.getByLabel("Title").fill("Revising on the bus");
    await page.getByRole("button", { name: "Save as draft" }).click();
    await page.waitForURL(/\/admin\/articles\?saved=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get("saved"));
    const row = page.getByRole("row").filter({ hasText: "Revising on the bus" });
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("Draft");

    const list = (await (await fetch(`${site.url}/List/`)).json()) as { id: number }[];
    expect(list.map((item) => item.id)).not.toContain(id);
    expect((await fetch(`${site.url}/Data/${id}`)).status).toBe(404);

    await row.getByRole("button", { name: "Publish" }).click();
    const alert = page.getByRole("alert");
    await expect
      .poll(() => alert.textContent())
      .toContain('Not published: "Revising on the bus" has 5 fields to fill in or fix first.');
    expect(await alert.getByRole("link").first().textContent()).toBe(
      "Image 1 address is missing: type one, or upload a picture.",
    );
    expect(await row.getByRole("cell").nth(2).textContent()).toBe("Draft");

    await page.goto(`/admin/articles/${id}/preview`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Revising on the bus");
    expect(await page.getByText("Preview of a draft: students cannot see it yet.").count()).toBe(1);
    const missing = page.getByRole("region", { name: /must be filled in or fixed/ });
    expect(await missing.getByRole("listitem").allTextContents()).toEqual(
      expect.arrayContaining(["Intro paragraph 1 is missing.", "Section 1 heading is missing."]),
    );
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it("refuses to publish a half-written article, naming each field as the form labels it", async () => {
    const page = await adminPhone({ javaScriptEnabled: false }, [/status of 400/]);
    await page.goto("/admin/articles/new");
    await page.getByLabel("Title").fill("Half written");
    await page.getByLabel("Intro paragraph 1").fill("A start.");
    await page.getByText("Section 5", { exact: true }).click();
    await page.getByLabel("Section 5 paragraph 1").fill("A paragraph waiting for its heading.");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.waitForLoadState();
    const alert = page.getByRole("alert");
    expect(await alert.locator(".form-error").textContent()).toBe(
      'Not published: 5 fields to fill in or fix first. "Save as draft" keeps it as it is.',
    );
    const messages = await alert.getByRole("listitem").allTextContents();
    expect([...messages].sort()).toEqual([
      "Image 1 address is missing: type one, or upload a picture.",
      "Image 1 description is missing.",
      "Section 1 heading is missing.",
      "Section 1 paragraph 1 is missing.",
      "Section 5 heading is missing.",
    ]);
    expect(messages.join(" ")).not.toMatch(/images|intro\b|groups|closingImage/);
    // What was typed is still there, and a section with a problem has opened by itself.
    expect(await page.getByLabel("Title").inputValue()).toBe("Half written");
    const heading = page.getByLabel("Section 5 heading", { exact: true });
    expect(await heading.isVisible()).toBe(true);
    expect(await heading.getAttribute("aria-invalid")).toBe("true");
    expect(
      await heading.evaluate(
        (box) => document.getElementById(box.getAttribute("aria-describedby")!)?.textContent,
      ),
    ).toBe("Section 5 heading is missing.");
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it("keeps every admin page within the width of the phone, folded parts opened", async () => {
    // Long keys and details in the audit log must wrap, not widen the page.
    await fetch(`${site.url}/admin/catalogue/book-grade-12-physics-made-easy`, {
      method: "POST",
      headers: {
        cookie,
        origin: site.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "link",
        url: `https://files.example/${"a-very-long-file-name".repeat(6)}.pdf`,
        byteSize: "1200000",
      }),
    });
    const page = await adminPhone();
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      await page.evaluate(() => {
        for (const details of document.querySelectorAll("details")) details.open = true;
      });
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it(
    "breaks no word in an admin table letter by letter, and reads the audit log as sentences",
    { timeout: 90_000 },
    async () => {
      // An audit entry of this test's own, and a row with a long link.
      await fetch(`${site.url}/admin/catalogue/book-grade-12-physics-made-easy`, {
        method: "POST",
        headers: { cookie, origin: site.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "link",
          url: "https://files.example/physics-made-easy.pdf",
          byteSize: "1200000",
        }),
      });
      const page = await adminPhone();
      for (const path of ["/admin/articles", "/admin/catalogue"]) {
        await page.goto(path);
        await page.evaluate(() => {
          for (const details of document.querySelectorAll("details")) details.open = true;
        });
        // A word drawn on two lines has two boxes; keys may wrap only after their hyphens.
        const broken = await page.evaluate(() => {
          const split: string[] = [];
          for (const cell of document.querySelectorAll(".admin-table td")) {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? "";
              for (const word of text.matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const lines = new Set(
                  [...range.getClientRects()].map((box) => Math.round(box.top)),
                );
                if (lines.size > 1) split.push(word[0]);
              }
            }
            if (cell.scrollWidth > cell.clientWidth + 1)
              split.push(`(cell too wide) ${cell.textContent}`);
          }
          return split;
        });
        expect(broken, path).toEqual([]);
        expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
        // The catalogue's 588 rows take axe longer than a test may: its first group stands for all.
        const include =
          path === "/admin/catalogue" ? "details.admin-page-group:first-of-type" : undefined;
        expect(await axeViolations(page, { include }), path).toEqual([]);
      }
      await page.goto("/admin/catalogue/mathematics-indices");
      await expect.poll(() => page.getByText(/^Key: mathematics-indices,/).count()).toBe(1);
      expect(
        await page
          .getByText(/lite copy/i)
          .first()
          .textContent(),
      ).toMatch(/lite copy/i);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto("/admin/audit");
      expect(await axeViolations(page)).toEqual([]);
      const sentences = await page.locator(".audit-list li").allTextContents();
      expect(sentences).toContainEqual(
        expect.stringMatching(
          / pointed .* at a file elsewhere, https:\/\/files\.example\/physics-made-easy\.pdf \(1\.2 MB\), /,
        ),
      );
      for (const sentence of sentences) {
        expect(sentence).toMatch(/, \d{1,2} \w{3} \d{4} \d\d:\d\d UTC\.$/);
        expect(sentence).not.toMatch(/[{}]/);
      }
    },
  );

  it("says what an upload stored, without JavaScript", async () => {
    await fetch(`${site.url}/download/patho-2019-test-1`);
    const page = await adminPhone({ javaScriptEnabled: false });
    await page.goto("/admin/catalogue/patho-2019-test-1");
    expect(await page.getByText("downloaded 1 time ·").count()).toBe(1);
    await page.getByLabel("A PDF, at most 50 MB").setInputFiles({
      name: "pathology-2019.pdf",
      mimeType: "application/pdf",
      buffer: SCANNED_PAPER,
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("status").textContent()).toBe(
      'The new file is in place. Uploaded pathology-2019.pdf, 2.1 MB. Students download it as "Pathology 2019 Test 1.pdf".',
    );
  });

  it("shows an upload's progress with JavaScript, then what it stored", async () => {
    const page = await adminPhone();
    await page.goto("/admin/catalogue/patho-2019-test-2");
    await hydrated(page);
    // The server's answer is held back until the page has shown the upload on its way.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/admin/catalogue/patho-2019-test-2", async (route) => {
      if (route.request().method() === "POST") await released;
      await route.continue();
    });
    await page.getByLabel("A PDF, at most 50 MB").setInputFiles({
      name: "test-2-scan.pdf",
      mimeType: "application/pdf",
      buffer: SCANNED_PAPER,
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const progress = page.getByRole("progressbar", { name: "Upload progress" });
    await progress.waitFor();
    expect(await page.getByRole("status").textContent()).toMatch(/^Uploading \.\.\. \d+%$/);
    expect(await page.getByRole("button", { name: "Upload", exact: true }).isDisabled()).toBe(true);
    release();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe(
        'The new file is in place. Uploaded test-2-scan.pdf, 2.1 MB. Students download it as "Pathology 2019 Test 2.pdf".',
      );
    // The page's own line follows, without a reload.
    await expect.poll(() => page.getByText("Pathology 2019 Test 2.pdf, 2.1 MB").count()).toBe(1);
  });

  it("says nothing was changed when the connection is gone before an upload could go", async () => {
    const page = await adminPhone({}, CONNECTION_GONE_ERRORS);
    await page.goto("/admin/catalogue/patho-2019-test-3");
    await hydrated(page);
    await page.getByLabel("A PDF, at most 50 MB").setInputFiles({
      name: "test-3-scan.pdf",
      mimeType: "application/pdf",
      buffer: SCANNED_PAPER,
    });
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe(
        "The connection dropped before the upload was complete. Nothing was changed: try again.",
      );
    expect(await page.getByRole("button", { name: "Upload", exact: true }).isEnabled()).toBe(true);
  });

  it("refuses a file over 50 MB on the phone, before sending a byte of it", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "studyzed-big-upload-"));
    const big = path.join(folder, "whole-year.pdf");
    await writeFile(big, "%PDF-1.4\n");
    await truncate(big, 50_000_001);
    try {
      const page = await adminPhone();
      await page.goto("/admin/catalogue/patho-2019-test-3");
      await hydrated(page);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByLabel("A PDF, at most 50 MB").setInputFiles(big);
      await page.getByRole("button", { name: "Upload", exact: true }).click();
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe("The file is larger than 50 MB.");
      expect(posts).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
