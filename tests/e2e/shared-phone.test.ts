import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CACHE } from "#app/lib/offline";
import { registeredThroughApp } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import { keptOffline, OFFLINE_ERRORS } from "#tests/setup/service-worker";

/**
 * One phone, several students (docs/decisions/0103-who-is-signed-in-on-every-copy.md): every
 * page, kept copies included, says who is signed in now, and none names a student who has
 * logged out.
 */
const session = browserSessionPerFile();
const PHONE = { viewport: { width: 360, height: 740 } };
const PASSWORD = "Chilenje-Market-Morning-7";
/** Leaving a page while its lazy pictures still load fails them through the service worker. */
const LEFT_WHILE_LOADING = /ERR_FAILED/;

let nextStudent = 0;
const registeredStudent = (firstName: string) =>
  registeredThroughApp(session.baseUrl, {
    username: `shared${process.pid}x${(nextStudent += 1)}`,
    firstName,
    password: PASSWORD,
  });

async function logIn(page: Page, username: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Keep me signed in on this phone").check();
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}

/** The menu's links as a student sees them once it is open. */
async function menuLinks(page: Page) {
  await page.getByRole("button", { name: "Menu" }).click();
  const names = await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link")
    .allTextContents();
  await page.getByRole("button", { name: "Close menu" }).click();
  return names;
}

describe("a phone shared by students", () => {
  it("names nobody on any page, online or kept, once the student has logged out", async () => {
    const page = await session.newPage(PHONE, [...OFFLINE_ERRORS, LEFT_WHILE_LOADING]);
    await logIn(page, await registeredStudent("Chabala"));
    for (const path of ["/books", "/smartify", "/review"]) {
      await page.goto(path);
      await keptOffline(page, path);
    }
    expect(await page.getByText("Logged in as Chabala").isVisible()).toBe(true);
    expect(await menuLinks(page)).toContain("My account");
    expect(await menuLinks(page)).not.toContain("Log in");

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Log in" }).first().waitFor();
    expect(await page.evaluate((name) => caches.has(name), CACHE.signedInPages)).toBe(false);

    await page.context().setOffline(true);
    for (const path of ["/", "/books", "/smartify", "/review", "/saved"]) {
      await page.goto(path);
      expect(await page.content(), path).not.toContain("Chabala");
      expect(await page.getByRole("button", { name: "Log out" }).count(), path).toBe(0);
    }
  });

  it("names the student signed in now on a page kept before they logged in", async () => {
    const page = await session.newPage(PHONE, [...OFFLINE_ERRORS, LEFT_WHILE_LOADING]);
    await page.goto("/books");
    await keptOffline(page, "/books");
    expect(await menuLinks(page)).toContain("Log in");
    await logIn(page, await registeredStudent("Mapalo"));

    await page.context().setOffline(true);
    await page.goto("/books");
    await page.getByText("Logged in as Mapalo").waitFor();
    expect(await page.getByRole("link", { name: "Mapalo: My account" }).count()).toBe(1);
    expect(await page.locator(".site-header").getByRole("link", { name: "Log in" }).count()).toBe(
      0,
    );
    expect(await menuLinks(page)).toContain("My account");
    expect(await menuLinks(page)).not.toContain("Log in");
  });
});
