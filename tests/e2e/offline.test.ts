import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";

const session = browserSessionPerFile();

/** Waits until the service worker controls the page and has kept `path` (and what it loaded). */
async function keptOffline(page: Page, path: string) {
  await page
    .waitForFunction(() => navigator.serviceWorker?.controller !== null || false, undefined, {
      timeout: 10_000,
    })
    .catch(async () => {
      await page.reload();
    });
  await page.waitForFunction(
    async (wanted) => {
      const keys = await caches.keys();
      for (const key of keys) if (await (await caches.open(key)).match(wanted)) return true;
      return false;
    },
    path,
    { timeout: 10_000 },
  );
}

/**
 * What a browser with no connection may print: requests that could not go out, and, through
 * the service worker, pictures the page had not finished keeping before the connection went
 * (a lazy cover still loading on a slow machine), which fail as net::ERR_FAILED.
 */
const OFFLINE_ERRORS = [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/];

describe("offline, once seen", () => {
  it("opens a page seen before with no connection, and the offline page for one never seen", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    await page.goto("/tutorials/mathematics");
    await keptOffline(page, "/tutorials/mathematics");
    await page.context().setOffline(true);
    await page.reload();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Mathematics");
    await page.goto("/tutorials/chemistry");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("You are offline");
  });

  it("reopens and marks a quiz with no connection", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    await page.goto("/introduction_to_mathematics");
    await keptOffline(page, "/introduction_to_mathematics");
    await page.waitForFunction(async () =>
      (await (await caches.open("static-v1")).keys()).some((request) =>
        request.url.includes("/assets/quiz-"),
      ),
    );
    await page.context().setOffline(true);
    // Once the reload has loaded, the quiz's deferred script has run.
    await page.reload();
    const key = ["A", "B", "C", "C", "B", "A", "B", "B", "A", "C"];
    for (const [index, letter] of key.entries())
      await page
        .getByLabel(`Your answer to question ${index + 1}`, { exact: true })
        .selectOption(letter);
    await page.getByRole("button", { name: "Show Results" }).click();
    expect(await page.locator(".quiz__total").textContent()).toBe(
      "You got: 10/10100%A+: First Distinction",
    );
  });

  it("fetches no download ahead, saves one on request, lists it with its size, and removes it", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    const downloads: string[] = [];
    page.on(
      "request",
      (request) =>
        new URL(request.url()).pathname.startsWith("/download/") && downloads.push(request.url()),
    );
    await page.goto("/tutorials/mathematics");
    await keptOffline(page, "/tutorials/mathematics");
    expect(downloads).toEqual([]);
    const indices = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Indices", exact: true }) });
    await indices.getByRole("button", { name: "Save for offline" }).click();
    await expect
      .poll(() => indices.locator(".save-offline").textContent())
      .toBe("Saved for offline");
    await page.goto("/saved");
    await keptOffline(page, "/saved");
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.locator("#saved-list").textContent())
      .toMatch(/1 saved, \d+ KB in all\.Indices \(\d+ KB\) Remove/);
    const bytes = await page.evaluate(async () =>
      new Uint8Array(await (await fetch("/download/mathematics-indices")).arrayBuffer()).slice(
        0,
        5,
      ),
    );
    expect(Buffer.from(Object.values(bytes)).toString("latin1")).toBe("%PDF-");
    await page.getByRole("button", { name: "Remove" }).click();
    await expect
      .poll(() => page.locator("#saved-list").textContent())
      .toContain("Nothing saved yet.");
  });
});
