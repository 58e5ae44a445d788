import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Waits until the service worker controls the page and has kept `path` (and what it loaded). */
export async function keptOffline(page: Page, path: string) {
  await page
    .waitForFunction(() => navigator.serviceWorker?.controller !== null || false, undefined, {
      timeout: 10_000,
    })
    .catch(async () => {
      await page.reload();
    });
  await keptOnPhone(page, exactPath(path));
}

/** A pattern matching `path` and nothing else. */
export function exactPath(path: string) {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/**
 * Waits until one of the phone's caches holds an address whose path matches `pathPattern`.
 * Polled from here with `evaluate`: Playwright's waitForFunction wants a true answer, not a
 * promise of one, so an async check given to it passes at once.
 */
export async function keptOnPhone(page: Page, pathPattern: RegExp) {
  await expect
    .poll(
      () =>
        page.evaluate(async (source) => {
          const pattern = new RegExp(source);
          for (const key of await caches.keys())
            for (const request of await (await caches.open(key)).keys())
              if (pattern.test(new URL(request.url).pathname)) return true;
          return false;
        }, pathPattern.source),
      { timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * What a browser with no connection may print: requests that could not go out, and, through
 * the service worker, pictures the page had not finished keeping before the connection went
 * (a lazy cover still loading on a slow machine), which fail as net::ERR_FAILED.
 */
export const OFFLINE_ERRORS = [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/];

/**
 * What a page may print when the connection goes just after it loaded: requests that could
 * not go out, and, on a busy machine, the service worker's own script that had not arrived
 * yet (Chromium logs that failed registration itself; the page's script ignores it).
 */
export const CONNECTION_GONE_ERRORS = [
  /ERR_INTERNET_DISCONNECTED/,
  /An unknown error occurred when fetching the script/,
];

/** Taps a topic card's 'Save for offline' on the page open now and waits until it is kept. */
export async function saveTopicForOffline(page: Page, topic: string) {
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: topic, exact: true }) });
  await card.getByRole("button", { name: "Save for offline" }).click();
  await expect.poll(() => card.locator(".save-offline").textContent()).toBe("Saved for offline");
}
