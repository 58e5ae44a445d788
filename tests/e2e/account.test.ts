import { axeViolations } from "#tests/setup/accessibility";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS } from "#app/features/accounts/texts";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import type { RunningServer } from "#tests/setup/http";
import { PHONE, sidewaysOverflow, smallTargets } from "#tests/setup/phone-checks";
import { keptOffline, OFFLINE_ERRORS } from "#tests/setup/service-worker";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

const session = browserSessionPerFile();
const NEW_PASSWORD = "Chipata-Morning-Market-44";

/**
 * My account on a 360 px phone with JavaScript off (docs/decisions/0045-the-account-pages.md):
 * the page fits and passes axe, and its real forms change the password and delete the account.
 */
describe("My account on a phone", () => {
  let database: TestDatabase;
  let site: RunningServer;
  let nextStudent = 0;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    site = await serveSite({ database });
  });
  afterAll(async () => {
    await session.closePages();
    await site?.close();
    await database?.destroy();
  });

  /** A phone with JavaScript off, signed in as a new student of this test's own. */
  async function signedInPhone({
    javaScript = false,
    expectedErrors = [],
  }: { javaScript?: boolean; expectedErrors?: RegExp[] } = {}) {
    const username = `phone${nextStudent++}`;
    await createTestUser(database.db, username);
    const cookie = await sessionCookieFor(site.url, username);
    const page = await session.newPage(
      {
        baseURL: site.url,
        viewport: PHONE,
        javaScriptEnabled: javaScript,
      },
      expectedErrors,
    );
    const [name, value] = cookie.split("=") as [string, string];
    await page.context().addCookies([{ name, value, url: site.url }]);
    return { page, username };
  }

  it("is never kept on the phone: with no connection it opens the offline page", async () => {
    const { page } = await signedInPhone({ javaScript: true, expectedErrors: OFFLINE_ERRORS });
    // A page this site has (its database holds no catalogue): the phone keeps it, not /account.
    await page.goto("/about");
    await keptOffline(page, "/about");
    await page.goto("/account");
    await page.getByRole("heading", { level: 1, name: "My account" }).waitFor();
    await page.context().setOffline(true);
    await page.reload();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("You are offline");
    const kept = await page.evaluate(async () => {
      for (const key of await caches.keys()) {
        if (await (await caches.open(key)).match("/account")) return true;
      }
      return false;
    });
    expect(kept).toBe(false);
  });

  // axe runs in the page, so this one check has JavaScript on; the page ships none of its own.
  it("is reached from the header's name, fits the screen, has big enough targets and passes axe", async () => {
    const { page } = await signedInPhone({ javaScript: true });
    await page.goto("/books");
    await page.getByRole("link", { name: "Test: My account" }).click();
    await page.waitForURL(/\/account$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My account");
    expect(await sidewaysOverflow(page), "reaches past the screen's edge by").toBe(0);
    expect(await smallTargets(page), "targets too small").toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("changes the password through the form and stays signed in", async () => {
    const { page, username } = await signedInPhone();
    await page.goto("/account");
    await page.getByLabel("Current password").fill(TEST_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("New password again").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForLoadState();
    expect(await page.locator("#password-status").textContent()).toBe(
      ACCOUNT_TEXTS.passwordChanged,
    );
    // Still signed in here, through the new session cookie.
    await page.goto("/account");
    expect(page.url()).toMatch(/\/account$/);
    const login = await fetch(`${site.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: NEW_PASSWORD }),
    });
    expect(login.status).toBe(200);
  });

  it("refuses the wrong username, then deletes the account and says so", async () => {
    // The refusal is a 400 page, which Chromium reports.
    const { page, username } = await signedInPhone({ expectedErrors: [/status of 400/] });
    await page.goto("/account");
    const confirm = page.getByLabel("Your username");
    await confirm.fill(`${username}-not`);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForLoadState();
    expect(await page.getByRole("alert").filter({ hasText: "not your username" }).count()).toBe(1);
    expect(await page.getByLabel("Your username").inputValue()).toBe(`${username}-not`);

    await page.getByLabel("Your username").fill(username);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(/\/account\/deleted$/);
    expect(await page.getByRole("status").textContent()).toBe(ACCOUNT_TEXTS.deleted);
    expect(await page.getByRole("link", { name: "Log in" }).count()).toBe(1);
    await page.goto("/account");
    expect(page.url()).toMatch(/\/login$/);
  });
});
