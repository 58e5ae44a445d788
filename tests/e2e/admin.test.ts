import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import type { Page } from "playwright-core";
import { loadArticles } from "#app/features/articles/load-articles.server";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";
import { CONNECTION_GONE_ERRORS } from "#tests/setup/service-worker";

const session = browserSessionPerFile();
const NEW_PDF = placeholderPdf("The real Indices booklet", 3_000);

describe("the admin pages", () => {
  let seeded: SeededDatabase;
  let database: SeededDatabase["database"];
  let site: RunningServer;

  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    database = seeded.database;
    await loadArticles({ db: database.db });
    await createTestUser(database.db, "editor", "admin");
    await createTestUser(database.db, "learner", "student");
    site = await serveSite({ database, storage: seeded.storage });
  });
  afterAll(async () => {
    await site?.close();
    await seeded?.destroy();
  });

  async function logIn(
    username: string,
    next: string,
    expectedErrors: RegExp[] = [],
  ): Promise<Page> {
    const page = await session.newPage({ baseURL: site.url }, expectedErrors);
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    // The login page's own script has taken over its form.
    await page.locator("form[data-enhanced]").waitFor();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === next);
    return page;
  }

  it("sends a visitor to log in and shows a student 403", async () => {
    const visitor = await session.newPage({ baseURL: site.url });
    await visitor.goto("/admin/articles");
    expect(new URL(visitor.url()).pathname).toBe("/login");
    expect(new URL(visitor.url()).searchParams.get("next")).toBe("/admin/articles");
    const student = await logIn("learner", "/admin", [/status of 403/]);
    expect(await student.getByRole("heading", { level: 1 }).textContent()).toBe(
      "This page is for the site's admins",
    );
  });

  it("lets an admin write and publish an article that then leads /smartify and /List/", async () => {
    const page = await logIn("editor", "/admin/articles/new");
    await page.waitForFunction(() => "__reactRouterContext" in window);
    await page.getByLabel("Title").fill("Fresh from the admin");
    await page.getByLabel("Posted by").fill("Site Editor");
    await page.getByLabel("Position").fill("Editor");
    for (const [index, label] of ["Image 1", "Image 2", "Image 3", "Closing image"].entries()) {
      const group = page.getByRole("group", { name: label });
      await group
        .getByLabel("Address")
        .fill(`/images/articles/use-past-papers-well-${index === 3 ? "closing" : index + 1}.webp`);
      await group.getByLabel("description").fill(`Picture ${index + 1}`);
    }
    for (let paragraph = 1; paragraph <= 4; paragraph++)
      await page.getByLabel(`Intro paragraph ${paragraph}`).fill(`Intro ${paragraph}.`);
    // Each section folds away under its number, 1 to 14 through both groups.
    for (let section = 1; section <= 14; section++) {
      await page.getByText(`Section ${section}`, { exact: true }).click();
      await page.getByLabel(`Section ${section} heading`).fill(`Heading ${section}`);
      await page.getByLabel(`Section ${section} paragraph 1`).fill(`Text of section ${section}.`);
    }
    await page.getByLabel("Keywords").fill("fresh, admin");
    await page.getByRole("button", { name: "Save and publish" }).click();
    await page.waitForURL(/\/admin\/articles\?saved=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get("saved"));

    await page.goto("/smartify");
    expect(await page.locator(".article-card h2").first().textContent()).toBe(
      "Fresh from the admin",
    );
    const list = (await (await fetch(`${site.url}/List/`)).json()) as {
      id: number;
      title: string;
    }[];
    expect(list.at(-1)).toMatchObject({ id, title: "Fresh from the admin" });
    await page.goto("/admin/audit");
    expect(await page.locator(".audit-list li").first().textContent()).toMatch(
      /^\S+ wrote and published the article “Fresh from the admin”, \d{1,2} \w{3} \d{4} \d\d:\d\d UTC\.$/,
    );
  });

  it("keeps what was typed when the connection drops on save", async () => {
    const page = await logIn("editor", "/admin/articles/new", CONNECTION_GONE_ERRORS);
    await page.waitForFunction(() => "__reactRouterContext" in window);
    await page.getByLabel("Title").fill("Typed on a bus");
    await page.getByLabel("Posted by").fill("Site Editor");
    await page.getByLabel("Intro paragraph 1").fill("Written between Kabwe and Lusaka.");
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Save as draft" }).click({ timeout: 5000 });
    await expect
      .poll(() => page.getByRole("alert").textContent({ timeout: 2000 }))
      .toContain("The connection dropped");
    expect(await page.getByLabel("Title").inputValue()).toBe("Typed on a bus");
    await page.context().setOffline(false);
    await page.reload({ timeout: 5000 });
    await page.waitForFunction(() => "__reactRouterContext" in window);
    await expect.poll(() => page.getByLabel("Title").inputValue()).toBe("Typed on a bus");
    expect(await page.getByLabel("Intro paragraph 1").inputValue()).toBe(
      "Written between Kabwe and Lusaka.",
    );
    expect(
      await page.getByText("Your unsaved text was restored from this browser.").isVisible(),
    ).toBe(true);
  });

  it("lets an admin replace a booklet, whose download then serves the new bytes", async () => {
    // A student's cached copy of the page must show the new file at once.
    const before = await (await fetch(`${site.url}/tutorials/mathematics`)).text();
    expect(before).toContain("PDF, 1 KB");
    const page = await logIn("editor", "/admin/catalogue/mathematics-indices");
    await page.waitForFunction(() => "__reactRouterContext" in window);
    expect(await page.getByText("still a sample").count()).toBeGreaterThan(0);
    await page
      .getByLabel("A PDF, at most 50 MB")
      .setInputFiles({ name: "Indices.pdf", mimeType: "application/pdf", buffer: NEW_PDF });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect
      .poll(() => page.getByRole("status").last().textContent())
      .toMatch(/^The new file is in place\. Uploaded Indices\.pdf, 3 KB\./);
    const download = await fetch(`${site.url}/download/mathematics-indices`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(NEW_PDF);
    const after = await (await fetch(`${site.url}/tutorials/mathematics`)).text();
    expect(after).toContain("PDF, 3 KB");
  });
});
