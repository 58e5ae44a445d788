import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registeredThroughApp, TEST_PASSWORD } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";
import {
  answerKey,
  answerWithDropDowns,
  missingFirst,
  wrongLetter,
} from "#tests/setup/quiz-answers";
import { CONNECTION_GONE_ERRORS, keptOffline, OFFLINE_ERRORS } from "#tests/setup/service-worker";

/**
 * A class on phones (docs/requirements.md#classes): a teacher starts it and sets a quiz, three
 * students join (a code typed with spaces and small letters, the link, and one who first
 * opens the link offline and later does the quiz offline), and the teacher's page shows
 * their scores and the most-missed question until a student leaves.
 */
const session = browserSessionPerFile();
const PHONE = { viewport: { width: 360, height: 740 } };
const QUIZ = "introduction_to_physics";
const KEY = answerKey(QUIZ);
const UNTIL_SENT = { timeout: 15_000 };

let made = 0;
/** Registers through the older app's call and signs `context` in. */
async function signedIn(context: BrowserContext, firstName: string, lastName: string) {
  const username = await registeredThroughApp(session.baseUrl, {
    username: `class${process.pid}x${made++}`,
    firstName,
    lastName,
  });
  const response = await context.request.post("/api/token/", {
    data: { username, password: TEST_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

async function doQuiz(page: Page, letters: readonly string[]) {
  await answerWithDropDowns(page, letters);
  await page.getByRole("button", { name: "Show Results" }).click();
}

const results = (page: Page, title: string) =>
  page.getByRole("table", { name: `Results: ${title}` }).locator("tbody tr");

describe("a class on 360 px phones", () => {
  it("starts, sets a quiz, takes three students, shows their scores, and drops one who leaves", async () => {
    const teacher = await session.newPage(PHONE);
    await signedIn(teacher.context(), "Grace", "Mwanza");
    await teacher.goto("/classes/new");
    await teacher.getByLabel("Class name").fill("Grade 11 Blue");
    await teacher.getByLabel("Subject").fill("Physics");
    await teacher.getByLabel("Grade", { exact: true }).fill("Grade 11");
    await teacher.getByRole("button", { name: "Start the class" }).click();
    await teacher.waitForURL(/\/classes\/\d+$/);
    const classUrl = teacher.url();
    const code = (await teacher.locator(".class-code").textContent())!;
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}$/);

    await teacher.getByRole("link", { name: "Set a quiz" }).click();
    await teacher.getByLabel("Brain Booster quiz").selectOption(QUIZ);
    await teacher.getByRole("button", { name: "Set the quiz" }).click();
    await teacher.waitForURL(classUrl);
    const title = (await teacher.locator(`#quiz-${QUIZ}`).textContent())!;
    expect(title).toMatch(/physics/i);
    // Nothing on the page is wider than the phone.
    expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // Mwila types the code as it was read aloud: small letters, a space.
    const mwila = await session.newPage(PHONE);
    await signedIn(mwila.context(), "Mwila", "Banda");
    await mwila.goto("/classes");
    await mwila.getByLabel("Class code").fill(` ${code.toLowerCase().replace("-", " ")} `);
    await mwila.getByRole("button", { name: "Join", exact: true }).click();
    await expect
      .poll(() => mwila.getByRole("status").textContent())
      .toBe("You joined Grade 11 Blue.");
    await mwila.goto("/");
    await mwila.getByRole("link", { name: `Set by Grade 11 Blue: ${title}` }).click();
    await mwila.waitForURL(`**/${QUIZ}`);
    await doQuiz(mwila, KEY);
    await expect
      .poll(() => mwila.locator(".quiz__save-status").textContent(), UNTIL_SENT)
      .toBe("Saved to My progress.");

    // Chanda opens the link the teacher shared on WhatsApp.
    const chanda = await session.newPage(PHONE);
    await signedIn(chanda.context(), "Chanda", "Mulenga");
    await chanda.goto(`/join/${code}`);
    await chanda.getByRole("button", { name: "Join Grade 11 Blue" }).click();
    await expect
      .poll(() => chanda.getByRole("status").textContent())
      .toBe("You joined Grade 11 Blue.");
    await chanda.goto(`/${QUIZ}`);
    await doQuiz(chanda, missingFirst(KEY, 1));
    await expect
      .poll(() => chanda.locator(".quiz__save-status").textContent(), UNTIL_SENT)
      .toBe("Saved to My progress.");

    // Bupe is offline when the link comes: she is told so, joins once online, and does the
    // quiz offline; it reaches the teacher when her phone is back online.
    const bupe = await session.newPage(PHONE, [...CONNECTION_GONE_ERRORS, ...OFFLINE_ERRORS]);
    await signedIn(bupe.context(), "Bupe", "Phiri");
    await bupe.goto(`/${QUIZ}`);
    await keptOffline(bupe, `/${QUIZ}`);
    await bupe.context().setOffline(true);
    await bupe.goto(`/join/${code}`);
    expect(await bupe.getByRole("heading", { level: 1 }).textContent()).toBe("You are offline");
    await bupe.context().setOffline(false);
    await bupe.goto(`/join/${code}`);
    await bupe.getByRole("button", { name: "Join Grade 11 Blue" }).click();
    await expect
      .poll(() => bupe.getByRole("status").textContent())
      .toBe("You joined Grade 11 Blue.");
    await bupe.goto(`/${QUIZ}`);
    await bupe.context().setOffline(true);
    await doQuiz(bupe, missingFirst(KEY, 1));
    await expect
      .poll(() => bupe.locator(".quiz__save-status").textContent())
      .toBe("Kept on this phone. It is sent to My progress when you are back online.");
    await bupe.context().setOffline(false);
    await expect
      .poll(() => bupe.locator(".quiz__save-status").textContent(), UNTIL_SENT)
      .toBe("Saved to My progress.");

    await teacher.reload();
    expect(await results(teacher, title).allTextContents()).toEqual([
      "Bupe P.9/10 (90%)9/10 (90%)1",
      "Chanda M.9/10 (90%)9/10 (90%)1",
      "Mwila B.10/10 (100%)10/10 (100%)1",
    ]);
    const missed = teacher.getByRole("list", { name: `Most missed: ${title}` }).locator("li");
    expect(await missed.count()).toBe(1);
    expect(await missed.first().textContent()).toMatch(
      new RegExp(`^Question 1: .* Missed by 2 of 3\\. 2 chose ${wrongLetter(KEY[0]!)}: `),
    );
    expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    await chanda.goto("/classes");
    await chanda.getByRole("button", { name: "Leave Grade 11 Blue" }).click();
    await expect
      .poll(() => chanda.getByRole("status").textContent())
      .toMatch(/^You left Grade 11 Blue\./);
    await teacher.reload();
    expect(await results(teacher, title).allTextContents()).toEqual([
      "Bupe P.9/10 (90%)9/10 (90%)1",
      "Mwila B.10/10 (100%)10/10 (100%)1",
    ]);
    expect(await teacher.getByText("Chanda").count()).toBe(0);
  });
});
