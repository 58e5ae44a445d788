import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";
import {
  exactPath,
  keptOffline,
  keptOnPhone,
  OFFLINE_ERRORS,
  saveTopicForOffline,
} from "#tests/setup/service-worker";
import { specTotal } from "#tests/setup/quiz-total";
import { answerWithDropDowns } from "#tests/setup/quiz-answers";

const session = browserSessionPerFile();

/** The quiz page's own small script (docs/decisions/0030-small-page-scripts.md). */
async function quizScriptPath(page: Page) {
  const src = await page.locator('script[src^="/assets/quiz-"]').getAttribute("src");
  if (!src) throw new Error("The quiz page names no quiz script");
  return src;
}

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

  it("shows the kept copy of a seen page when the network stalls", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    await page.goto("/tutorials/mathematics");
    await keptOffline(page, "/tutorials/mathematics");
    // The service worker's own request is held and never answered, as on a stalled connection.
    const held: string[] = [];
    await page.context().route(/\/tutorials\/mathematics$/, (route) => {
      held.push(new URL(route.request().url()).pathname);
    });
    await page.reload();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Mathematics");
    expect(held).toContain("/tutorials/mathematics");
  });

  it("reopens and marks a quiz with no connection", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    await page.goto("/introduction_to_mathematics");
    await keptOffline(page, "/introduction_to_mathematics");
    await keptOnPhone(page, exactPath(await quizScriptPath(page)));
    await page.context().setOffline(true);
    // Once the reload has loaded, the quiz's deferred script has run.
    await page.reload();
    const key = ["A", "B", "C", "C", "B", "A", "B", "B", "A", "C"];
    await answerWithDropDowns(page, key);
    await page.getByRole("button", { name: "Show Results" }).click();
    expect(await specTotal(page)).toBe("You got: 10/10100%A+: First Distinction");
  });

  it("keeps a page's script that finished loading after the service worker was ready", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    // On a slow first visit the service worker can be ready while the quiz's script is still
    // coming, asked for before the worker controlled the page: its answer is held until then.
    let held = true;
    await page.context().route(/\/assets\/quiz-[^/]*\.js$/, async (route) => {
      if (!held) return route.continue();
      held = false;
      const response = await route.fetch();
      await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
        timeout: 15_000,
      });
      await route.fulfill({ response });
    });
    await page.goto("/introduction_to_mathematics");
    expect(held).toBe(false);
    await keptOffline(page, "/introduction_to_mathematics");
    await keptOnPhone(page, exactPath(await quizScriptPath(page)));
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
    await saveTopicForOffline(page, "Indices");
    await page.goto("/saved");
    await keptOffline(page, "/saved");
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.locator("#saved-list").textContent())
      .toMatch(
        /^1 saved, \d+ KB in all\.MathematicsMathematics · Grade Ten · Indices \(\d+ KB\) Remove$/,
      );
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
