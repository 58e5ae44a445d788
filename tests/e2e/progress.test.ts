import { axeViolations } from "#tests/setup/accessibility";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { PhoneAttempt } from "#app/features/progress/phone-attempts";
import { registeredThroughApp } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import { PHONE, sidewaysOverflow, smallTargets } from "#tests/setup/phone-checks";
import { keptOffline, OFFLINE_ERRORS } from "#tests/setup/service-worker";

const session = browserSessionPerFile();
const PASSWORD = "Kafue-Gorge-Evening-42";
let nextStudent = 0;

/** An attempt at the physics quiz (key BCABACCAAC) as the quiz page keeps it on the phone. */
function physicsAttempt(answers: string[], answeredAt: string): PhoneAttempt {
  return {
    id: `e2e-progress-${process.pid}-${nextStudent++}-${Math.random().toString(36).slice(2, 10)}`,
    quiz: "introduction_to_physics",
    answers,
    answeredAt,
    revision: 0,
  };
}

/** Puts attempts in this phone's store, as the quiz page leaves them, before any page script runs. */
async function keepOnPhone(page: Page, attempts: PhoneAttempt[]) {
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("studyzed.attempts", stored);
      sessionStorage.setItem("seeded", "1");
    }
  }, JSON.stringify(attempts));
}

const registeredStudent = () =>
  registeredThroughApp(session.baseUrl, {
    username: `progress${process.pid}x${nextStudent++}`,
    firstName: "Bupe",
    password: PASSWORD,
  });

async function expectFitsOnAPhone(page: Page) {
  const path = new URL(page.url()).pathname;
  expect(await sidewaysOverflow(page), `${path} reaches past the screen's edge by`).toBe(0);
  expect(await smallTargets(page), `${path}: targets too small`).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
}

describe("My progress in the browser", () => {
  it("lists a result kept on this phone for a student who is not signed in", async () => {
    const page = await session.newPage();
    // 4 of 10 right: questions 3, 5, 8 and 9.
    await keepOnPhone(page, [physicsAttempt(Array<string>(10).fill("A"), "2026-03-14T09:00:00Z")]);
    await page.goto("/progress");
    const onPhone = page.getByRole("region", { name: "On this phone" });
    const item = onPhone.getByRole("listitem");
    await expect.poll(() => item.count()).toBe(1);
    expect((await item.textContent())?.replace(/\s+/g, " ").trim()).toBe(
      "Introduction to Physics 4/10 (40%), 14 Mar 2026",
    );
    expect(await item.getByRole("link").getAttribute("href")).toBe("/introduction_to_physics");
    expect(await onPhone.getByText("show here when JavaScript is on").isHidden()).toBe(true);
    expect(await page.getByRole("link", { name: "Log in" }).last().getAttribute("href")).toBe(
      "/login?next=%2Fprogress",
    );
  });

  it("says when nothing is waiting, and without JavaScript that the phone's results need it", async () => {
    const page = await session.newPage();
    await page.goto("/progress");
    await page.getByText("No quiz results are waiting on this phone.").waitFor();

    const noScript = await session.newPage({ javaScriptEnabled: false });
    await noScript.goto("/progress");
    expect(
      await noScript
        .getByText("Results kept on this phone show here when JavaScript is on.")
        .isVisible(),
    ).toBe(true);
  });

  it("is in the menu", async () => {
    const page = await session.newPage();
    await page.goto("/quizzes");
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "My progress" })
      .click();
    await page.waitForURL("**/progress");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My progress");
  });

  it("sends the phone's results for a signed-in student, says so, and shows them after one reload", async () => {
    const username = await registeredStudent();
    const page = await session.newPage();
    // The browser's own session cookie, as logging in on this phone leaves it.
    const login = await page.request.post("/api/token/", {
      data: { username, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await keepOnPhone(page, [
      physicsAttempt([..."BCABACCAAC"], "2026-03-15T09:00:00Z"),
      physicsAttempt(Array<string>(10).fill("A"), "2026-03-16T09:00:00Z"),
    ]);
    await page.goto("/progress");
    await page.getByText("Results from this phone were sent to your account.").waitFor();
    const quiz = page.getByRole("listitem").filter({ hasText: "Introduction to Physics" });
    await quiz.waitFor();
    expect((await quiz.textContent())?.replace(/\s+/g, " ")).toContain("2 attempts");
    expect(await page.evaluate(() => localStorage.getItem("studyzed.attempts"))).toBeNull();

    // The signed-in pages, as a 360 px phone shows them (docs/requirements.md#tap-targets).
    await page.setViewportSize(PHONE);
    await page.getByRole("link", { name: "Introduction to Physics", exact: true }).click();
    await page.getByRole("heading", { name: "Questions you get wrong most often" }).waitFor();
    await expectFitsOnAPhone(page);
    await page.getByRole("link", { name: "16 Mar 2026" }).click();
    await page.getByText("Your answer: A.").first().waitFor();
    await expectFitsOnAPhone(page);
    await page.goto("/progress");
    await expectFitsOnAPhone(page);
  });

  it("is never kept on the phone: with no connection it opens the offline page", async () => {
    const page = await session.newPage({}, OFFLINE_ERRORS);
    await page.goto("/tutorials/mathematics");
    await keptOffline(page, "/tutorials/mathematics");
    await page.goto("/progress");
    await page.getByRole("heading", { name: "My progress" }).waitFor();
    await page.context().setOffline(true);
    await page.reload();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("You are offline");
    const kept = await page.evaluate(async () => {
      for (const key of await caches.keys()) {
        if (await (await caches.open(key)).match("/progress")) return true;
      }
      return false;
    });
    expect(kept).toBe(false);
  });
});
