import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registeredThroughApp, TEST_PASSWORD } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import { CONNECTION_GONE_ERRORS } from "#tests/setup/service-worker";
import { answerKey, answerWithDropDowns, wrongLetter } from "#tests/setup/quiz-answers";

/**
 * Quiz attempts kept on the phone first and sent to My progress
 * (docs/decisions/0042-quiz-attempts-kept-offline-first.md).
 */
const session = browserSessionPerFile();
const PHONE = { viewport: { width: 360, height: 740 } };
const QUIZ = "introduction_to_physics";
const KEY = answerKey(QUIZ);
/** Each POST without a session is answered 401, which Chromium reports as a console error. */
const SIGNED_OUT_SEND = /status of 401/;

const SAVED = "Saved to My progress.";
const KEPT_OFFLINE = "Kept on this phone. It is sent to My progress when you are back online.";
const KEPT_LOG_IN = "Kept on this phone. Log in and it is sent to My progress.";

let nextStudent = 0;
/** A student of this test's own, registered through the older app's call. */
const newStudent = () =>
  registeredThroughApp(session.baseUrl, {
    username: `kept${process.pid}x${nextStudent++}`,
    firstName: "Mutale",
    lastName: "Banda",
  });

/** Signs a browser context in as `username`, as the login page would. */
async function signIn(context: BrowserContext, username: string) {
  const response = await context.request.post("/api/token/", {
    data: { username, password: TEST_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

type ServerAttempt = { id: string; quiz: string; score: number; revision: number };
/** The attempts the server holds for the page's signed-in student. */
async function serverAttempts(page: Page): Promise<ServerAttempt[]> {
  const response = await page.request.get("/api/attempts/");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { attempts: ServerAttempt[] }).attempts;
}

const answer = answerWithDropDowns;

const saveStatusLine = (page: Page) => page.locator(".quiz__save-status");

/**
 * A changed answer is sent after a one-second pause (SEND_AFTER_CHANGES_MS in
 * app/features/progress/quiz-page-attempt.ts), so waiting for it takes longer than
 * expect.poll's default second, more so on a busy machine.
 */
const UNTIL_SENT = { timeout: 10_000 };
const waitingOnPhone = (page: Page) =>
  page.evaluate(() => localStorage.getItem("studyzed.attempts"));

describe("a quiz attempt made offline", () => {
  it("is kept on the phone, waits for a login, and reaches the account once", async () => {
    const username = await newStudent();
    const page = await session.newPage(PHONE, [SIGNED_OUT_SEND, ...CONNECTION_GONE_ERRORS]);
    await page.goto(`/${QUIZ}`);
    await page.context().setOffline(true);
    await answer(page, KEY);
    await page.getByRole("button", { name: "Show Results" }).click();
    await expect.poll(() => saveStatusLine(page).textContent()).toBe(KEPT_OFFLINE);

    await page.context().setOffline(false);
    // The connection's return sends what waits: there is no session yet.
    await expect.poll(() => saveStatusLine(page).textContent()).toBe(KEPT_LOG_IN);
    expect(JSON.parse((await waitingOnPhone(page))!)).toHaveLength(1);

    await saveStatusLine(page).getByRole("link", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.locator("form[data-enhanced]").waitFor();
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");

    const attempts = await serverAttempts(page);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ quiz: QUIZ, score: 10, revision: 0 });
    expect(await waitingOnPhone(page)).toBeNull();
  });
});

describe("a topic quiz's attempt", () => {
  const TOPIC_QUIZ = "biology-movement-of-substances";
  const topicKey = (
    JSON.parse(readFileSync(`content/quizzes/topics/${TOPIC_QUIZ}.json`, "utf8")) as {
      questions: { answer: "A" | "B" | "C" }[];
    }
  ).questions.map((question) => question.answer);

  it("waits on the phone, is listed on My progress at its own address, and is kept once signed in", async () => {
    const username = await newStudent();
    const page = await session.newPage(PHONE, [SIGNED_OUT_SEND, ...CONNECTION_GONE_ERRORS]);
    await page.goto(`/quizzes/${TOPIC_QUIZ}`);
    await answer(page, topicKey);
    await page.getByRole("button", { name: "Show Results" }).click();
    await expect.poll(() => saveStatusLine(page).textContent()).toBe(KEPT_LOG_IN);

    await page.goto("/progress");
    const waiting = page.locator(".progress-phone a");
    await waiting.first().waitFor();
    expect(await waiting.first().getAttribute("href")).toBe(`/quizzes/${TOPIC_QUIZ}`);

    await signIn(page.context(), username);
    await page.goto(`/quizzes/${TOPIC_QUIZ}`);
    await expect
      .poll(async () => (await serverAttempts(page)).map((attempt) => attempt.quiz), UNTIL_SENT)
      .toEqual([TOPIC_QUIZ]);
    expect((await serverAttempts(page))[0]).toMatchObject({ score: 10 });
  });
});

describe("a quiz attempt made signed in and online", () => {
  it("is saved once, follows changed answers, and a second tab's copy adds nothing", async () => {
    const page = await session.newPage(PHONE);
    await signIn(page.context(), await newStudent());
    await page.goto(`/${QUIZ}`);
    await answer(page, KEY);
    await page.getByRole("button", { name: "Show Results" }).click();
    await expect.poll(() => saveStatusLine(page).textContent()).toBe(SAVED);
    expect(
      await saveStatusLine(page).getByRole("link", { name: "My progress" }).getAttribute("href"),
    ).toBe("/progress");
    const [saved] = await serverAttempts(page);
    expect(saved).toMatchObject({ quiz: QUIZ, score: 10, revision: 0 });

    await answer(page, [wrongLetter(KEY[0]!), wrongLetter(KEY[1]!)]);
    await expect.poll(async () => (await serverAttempts(page))[0]?.score, UNTIL_SENT).toBe(8);
    const changed = await serverAttempts(page);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.id).toBe(saved!.id);
    expect(changed[0]!.revision).toBeGreaterThan(0);
    await expect.poll(() => waitingOnPhone(page), UNTIL_SENT).toBeNull();
    expect(await saveStatusLine(page).textContent()).toBe(SAVED);

    // The same waiting copy in two tabs of one phone: each page's opening sends it.
    const copy = { ...changed[0]!, answers: KEY, answeredAt: new Date().toISOString() };
    await page.evaluate(
      (attempt) => localStorage.setItem("studyzed.attempts", JSON.stringify([attempt])),
      { id: copy.id, quiz: QUIZ, answers: KEY, answeredAt: copy.answeredAt, revision: 7 },
    );
    const second = await page.context().newPage();
    await Promise.all([page.reload(), second.goto(`/${QUIZ}`)]);
    await expect.poll(() => waitingOnPhone(page), UNTIL_SENT).toBeNull();
    const after = await serverAttempts(page);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: saved!.id, score: 10, revision: 7 });
  });
});

describe("a quiz posted without JavaScript", () => {
  it("saves a signed-in student's attempt once, however often the same answers are posted", async () => {
    const page = await session.newPage({ ...PHONE, javaScriptEnabled: false });
    await signIn(page.context(), await newStudent());
    for (let post = 0; post < 2; post++) {
      await page.goto(`/${QUIZ}`);
      await answer(page, KEY);
      await page.getByRole("button", { name: "Show Results" }).click();
      await page.waitForURL(`**/${QUIZ}#results`);
      expect(await saveStatusLine(page).textContent()).toBe(SAVED);
    }
    const attempts = await serverAttempts(page);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ quiz: QUIZ, score: 10, revision: 0 });
  });

  it("asks a student who is not signed in to log in", async () => {
    const page = await session.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto(`/${QUIZ}`);
    await answer(page, KEY);
    await page.getByRole("button", { name: "Show Results" }).click();
    await page.waitForURL(`**/${QUIZ}#results`);
    expect(await saveStatusLine(page).textContent()).toBe(
      "Log in to keep your results in My progress.",
    );
    expect(
      await saveStatusLine(page).getByRole("link", { name: "Log in" }).getAttribute("href"),
    ).toBe("/login?next=/progress");
  });

  /** A results page posted before the quiz's script arrived; the script then runs on it. */
  async function postedBeforeTheScript(page: Page) {
    await page.route("**/assets/quiz-*.js", (route) => route.abort());
    await page.goto(`/${QUIZ}`);
    await answer(page, KEY);
    await page.unroute("**/assets/quiz-*.js");
    await page.getByRole("button", { name: "Show Results" }).click();
    await page.waitForURL(`**/${QUIZ}#results`);
    await page.waitForLoadState("load");
  }

  it("goes on changing the attempt the server saved once the script arrives", async () => {
    const page = await session.newPage(PHONE, [/ERR_FAILED/]);
    await signIn(page.context(), await newStudent());
    await postedBeforeTheScript(page);
    const savedId = await page.locator("form.quiz").getAttribute("data-attempt-id");
    expect(await saveStatusLine(page).textContent()).toBe(SAVED);
    await answer(page, [wrongLetter(KEY[0]!)]);
    await expect.poll(async () => (await serverAttempts(page))[0]?.score, UNTIL_SENT).toBe(9);
    const attempts = await serverAttempts(page);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ id: savedId, revision: 1 });
  });

  it("keeps on the phone a post the server could not save for a student not signed in", async () => {
    const page = await session.newPage(PHONE, [/ERR_FAILED/, SIGNED_OUT_SEND]);
    await postedBeforeTheScript(page);
    await expect.poll(() => saveStatusLine(page).textContent()).toBe(KEPT_LOG_IN);
    const waiting = JSON.parse((await waitingOnPhone(page))!) as { answers: string[] }[];
    expect(waiting.map((attempt) => attempt.answers)).toEqual([KEY]);
  });
});
