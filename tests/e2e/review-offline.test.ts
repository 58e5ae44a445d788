import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { CONNECTION_GONE_ERRORS, keptOffline, OFFLINE_ERRORS } from "#tests/setup/service-worker";
import { serveSite } from "#tests/setup/site-in-process";
import {
  answerWithDropDowns,
  missingFirst,
  quizQuestions,
  wrongLetter,
} from "#tests/setup/quiz-answers";

/**
 * The review queue kept on the phone, offline and signed out, merged into the account at
 * login, and brought back by FSRS on a clock the test moves, the site's and the phone's
 * together (docs/decisions/0086-the-phone-queue-merges-at-login.md).
 */
const session = browserSessionPerFile();
const PHONE = { viewport: { width: 360, height: 740 } };
const QUIZ = "cell";
const QUESTIONS = quizQuestions(QUIZ);
const KEY = QUESTIONS.map((question) => question.answer);
/** The first three missed, the rest right. */
const THREE_MISSED = missingFirst(KEY, 3);
const MISSED_TEXTS = QUESTIONS.slice(0, 3).map((question) => question.question);
/** A morning in Lusaka, in the past so that the attempts' dates are never in the future. */
const START = new Date("2026-06-01T06:00:00Z");
const MINUTE = 60_000;
/** A signed-out phone's sends are answered 401, which Chromium reports as a console error. */
const SIGNED_OUT = /status of 401/;

type Card = { quiz: string; question: number; due: string; rightInARow: number };

describe("the review queue on the phone", () => {
  let seeded: SeededDatabase;
  let site: Awaited<ReturnType<typeof serveSite>>;
  let clock = START;
  const username = `review${process.pid}`;

  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    await createTestUser(seeded.database.db, username);
    site = await serveSite({ database: seeded.database, now: () => clock });
  });
  afterAll(async () => {
    await session.closePages();
    await site?.close();
    await seeded?.destroy();
  });

  /** The site's clock and the phone's, moved together. */
  const setClock = async (page: Page, time: Date) => {
    clock = time;
    await page.context().clock.setFixedTime(time);
  };

  const answer = answerWithDropDowns;

  const reviewCards = (page: Page) => page.locator(".review__questions form.review-card");
  const shownTexts = (page: Page) => reviewCards(page).locator(".question__text").allTextContents();
  const dueLine = (page: Page) => page.locator("#review-due").textContent();
  /** The page script has drawn the queue after asking the account (or finding no connection). */
  const ready = (page: Page) =>
    page.locator(".review__questions[data-ready]").waitFor({ state: "attached" });

  /** Answers every question shown, right or wrong, and waits for each mark. */
  async function reviewAll(page: Page, right: boolean) {
    const count = await reviewCards(page).count();
    for (let index = 0; index < count; index++) {
      const card = reviewCards(page).nth(index);
      const key = (await card.getAttribute("data-answer")) as "A" | "B" | "C";
      const letter = right ? key : wrongLetter(key);
      await card.locator(`input[name="answer"][value="${letter}"]`).check();
      await card.getByRole("button", { name: "Check answer" }).click();
      await card.locator(right ? ".result--correct" : ".result--wrong").waitFor();
      // The options are marked as a quiz's are (docs/decisions/0100-one-control-and-marked-options.md).
      const marked = (name: RegExp) => card.getByRole("radio", { name }).getAttribute("value");
      expect(await marked(/Right answer$/)).toBe(key);
      if (!right) expect(await marked(/Your answer: wrong$/)).toBe(letter);
    }
  }

  const accountCards = async (page: Page): Promise<Card[]> => {
    const response = await page.request.get("/api/review/");
    expect(response.status()).toBe(200);
    return ((await response.json()) as { cards: Card[] }).cards;
  };

  it("keeps misses made offline and signed out, merges them at login, and brings them back on FSRS's dates", async () => {
    const page = await session.newPage({ ...PHONE, baseURL: site.url }, [
      SIGNED_OUT,
      ...OFFLINE_ERRORS,
      ...CONNECTION_GONE_ERRORS,
    ]);
    await setClock(page, START);
    // Seen once online, as a student would: the quiz and /review then open offline.
    await page.goto("/review");
    await keptOffline(page, "/review");
    await page.goto(`/${QUIZ}`);
    await keptOffline(page, `/${QUIZ}`);

    await page.context().setOffline(true);
    await answer(page, THREE_MISSED);
    await page.getByRole("button", { name: "Show Results" }).click();
    await page.locator(".question__feedback").first().waitFor();

    // Offline, signed out: /review shows the phone's three, and the menu counts them.
    await setClock(page, new Date(START.getTime() + MINUTE));
    await page.goto("/review");
    await ready(page);
    expect(await shownTexts(page)).toEqual(MISSED_TEXTS);
    expect(await dueLine(page)).toBe("3 questions to review today.");
    expect(await page.locator(".site-menu__review a").textContent()).toBe(
      "3 questions to review today",
    );

    // Online, logged in: the phone's attempt and answer reach the account, once.
    await page.context().setOffline(false);
    await setClock(page, new Date(START.getTime() + 2 * MINUTE));
    await page.goto("/login?next=/review");
    await page.locator("form[data-enhanced]").waitFor();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/review");
    await expect.poll(async () => (await accountCards(page)).length).toBe(3);
    await setClock(page, new Date(START.getTime() + 3 * MINUTE));
    await page.reload();
    await ready(page);
    expect(await shownTexts(page)).toEqual(MISSED_TEXTS);
    expect(await page.locator(".site-menu__review a").textContent()).toBe(
      "3 questions to review today",
    );
    await reviewAll(page, true);
    await expect
      .poll(async () => (await accountCards(page)).map((card) => card.rightInARow))
      .toEqual([1, 1, 1]);
    const firstDue = new Date((await accountCards(page))[0]!.due);
    const firstInterval = firstDue.getTime() - START.getTime();
    expect(firstInterval).toBeGreaterThanOrEqual(24 * 60 * MINUTE);

    await page.reload();
    await ready(page);
    expect(await dueLine(page)).toBe("Nothing to review today.");
    expect(await shownTexts(page)).toEqual([]);

    // On the day FSRS set, the three are due again; wrong now brings them back sooner.
    await setClock(page, firstDue);
    await page.reload();
    await ready(page);
    expect(await shownTexts(page)).toEqual(MISSED_TEXTS);
    expect(await dueLine(page)).toBe("3 questions to review today.");
    await reviewAll(page, false);
    await expect
      .poll(async () => (await accountCards(page)).map((card) => card.rightInARow))
      .toEqual([0, 0, 0]);
    for (const card of await accountCards(page))
      expect(new Date(card.due).getTime() - firstDue.getTime()).toBeLessThan(firstInterval);

    // A second phone on the same account sees the same queue, due again three days on.
    const later = new Date(firstDue.getTime() + 3 * 24 * 60 * MINUTE);
    const second = await session.newPage({ ...PHONE, baseURL: site.url });
    await setClock(second, later);
    const login = await second.context().request.post("/api/token/", {
      data: { username, password: TEST_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await second.goto("/review");
    await ready(second);
    expect(await shownTexts(second)).toEqual(MISSED_TEXTS);
    expect(await dueLine(second)).toBe("3 questions to review today.");

    // Offline again, an answer marks in place and asks nothing of the network.
    await setClock(page, later);
    await page.reload();
    await ready(page);
    expect(await shownTexts(page)).toEqual(MISSED_TEXTS);
    await page.context().setOffline(true);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(request.url());
    });
    await reviewAll(page, true);
    expect(await reviewCards(page).locator(".result--correct:visible").count()).toBe(3);
    expect(asked).toEqual([]);
  });
});
