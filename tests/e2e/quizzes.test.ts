import { axeViolations } from "#tests/setup/accessibility";
import { readFileSync } from "node:fs";
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  isSpecQuizSlug,
  quizPath,
  SPEC_QUIZ_QUESTION_COUNTS,
  SPEC_QUIZ_SLUGS,
  TOPIC_QUIZ_QUESTION_COUNT,
} from "#app/features/quizzes/quiz-constants";
import { browserSessionPerFile } from "#tests/setup/browser";
import { answerWithDropDowns, showDropDowns } from "#tests/setup/quiz-answers";
import { specTotal } from "#tests/setup/quiz-total";
import { CONNECTION_GONE_ERRORS } from "#tests/setup/service-worker";

const session = browserSessionPerFile();

type Letter = "A" | "B" | "C";
const keyOf = (slug: string): Letter[] =>
  (
    JSON.parse(
      readFileSync(`content/quizzes/${isSpecQuizSlug(slug) ? "" : "topics/"}${slug}.json`, "utf8"),
    ) as {
      questions: { answer: Letter }[];
    }
  ).questions.map((question) => question.answer);
const wrong = (letter: Letter): Letter => (({ A: "B", B: "C", C: "A" }) as const)[letter];
const PER_QUESTION_ONLY = new Set(["introduction_to_biology", "cell"]);
/** A topic's Brain Booster from each subject: they behave as the spec's scored quizzes do. */
const TOPIC_QUIZ_SAMPLE = [
  "biology-movement-of-substances",
  "chemistry-acids-bases-and-salts",
  "physics-forces",
  "mathematics-algebra",
  "english-comparison",
];
/** Grade 10–12 quizzes with a total (docs/decisions/0043-ecz-points-beside-the-band.md). */
const ECZ_QUIZZES = new Set([
  "introduction_to_physics",
  "introduction_to_mathematics",
  "introduction_to_chemistry",
  "separation_techniques",
  "enzymes",
  ...TOPIC_QUIZ_SAMPLE,
]);

const answer = answerWithDropDowns;

/** A quiz page with its script running: the page has loaded, so its deferred script has run. */
async function openQuiz(slug: string, expectedErrors: RegExp[] = []) {
  const page = await session.newPage({ viewport: { width: 360, height: 740 } }, [
    NOT_SIGNED_IN,
    ...expectedErrors,
  ]);
  await page.goto(quizPath(slug));
  return page;
}

/**
 * Show Results sends the attempt to My progress; without a session the server answers 401,
 * which Chromium reports as a console error (docs/decisions/0042-quiz-attempts-kept-offline-first.md).
 */
const NOT_SIGNED_IN = /status of 401/;
/** The quiz attempt sent to My progress after Show Results: the one request a quiz page makes. */
const isAttemptSent = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/attempts/";

/** The Correct/Wrong lines a student sees (the page holds both for every question). */
const results = (page: Page) => page.locator(".result:visible").allTextContents();

describe.each([...SPEC_QUIZ_SLUGS, ...TOPIC_QUIZ_SAMPLE])("the %s quiz", (slug) => {
  const key = keyOf(slug);

  it("has its required question count, each with a select starting at 'Pick an answer'", async () => {
    const page = await openQuiz(slug);
    expect(await page.locator(".question").count()).toBe(
      isSpecQuizSlug(slug) ? SPEC_QUIZ_QUESTION_COUNTS[slug] : TOPIC_QUIZ_QUESTION_COUNT,
    );
    const select = page.getByLabel("Your answer to question 1", { exact: true });
    expect(await select.locator("option").allTextContents()).toEqual([
      "Pick an answer",
      "A",
      "B",
      "C",
    ]);
    const options = page.locator(".question").first().getByRole("radio");
    expect(await options.count()).toBe(3);
    expect(
      (await page.locator(".question").first().locator(".option").allTextContents()).map((text) =>
        text.slice(0, 3),
      ),
    ).toEqual(["A. ", "B. ", "C. "]);
    expect(await results(page)).toEqual([]);
    expect(await page.locator(".quiz__total:visible").count()).toBe(0);
  });

  it("gives full marks for the key, then flips a line and the total when an answer changes", async () => {
    const page = await openQuiz(slug);
    await answer(page, key);
    await page.getByRole("button", { name: "Show Results" }).click();
    expect(await results(page)).toEqual(key.map(() => "✓ Correct [1 mark]"));
    expect(await page.getByRole("button", { name: "Show Results" }).count()).toBe(0);
    const total = page.locator(".quiz__total");
    if (PER_QUESTION_ONLY.has(slug)) {
      expect(await total.count()).toBe(0);
      expect(await page.getByText(/You got:/).count()).toBe(0);
    } else {
      expect(await specTotal(page)).toBe(
        `You got: ${key.length}/${key.length}100%A+: First Distinction`,
      );
    }
    // ECZ points under the grade line for the school grades' quizzes only.
    const ecz = page.locator(".quiz__ecz");
    if (ECZ_QUIZZES.has(slug)) {
      expect(await ecz.textContent()).toBe("ECZ points: 1 (Distinction)");
      expect(await page.locator(".quiz__ecz-note").textContent()).toMatch(
        /^ECZ points are approximate: .* They are not the letter grade/,
      );
    } else {
      expect(await ecz.count()).toBe(0);
    }
    await page
      .getByLabel("Your answer to question 2", { exact: true })
      .selectOption(wrong(key[1]!));
    expect((await results(page))[1]).toBe("✗ Wrong [0 marks]");
    if (!PER_QUESTION_ONLY.has(slug))
      expect(await total.textContent()).toContain(`You got: ${key.length - 1}/${key.length}`);
    // 9/10 is 90%, still 1 point; the line follows the answers as the grade does.
    if (ECZ_QUIZZES.has(slug)) {
      await answer(
        page,
        key.map((letter, index) => (index < 6 ? letter : wrong(letter))),
      );
      expect(await ecz.textContent()).toBe("ECZ points: 4 (Merit)");
    }
  });

  it("counts unanswered questions as wrong and grades a part score in its band", async () => {
    const page = await openQuiz(slug);
    // Right answers for the first 60% of questions only, the rest left unanswered.
    const right = Math.ceil(key.length * 0.6);
    await answer(page, key.slice(0, right));
    await page.getByRole("button", { name: "Show Results" }).click();
    const lines = await results(page);
    expect(lines.filter((line) => line.includes("Correct"))).toHaveLength(right);
    expect(lines.filter((line) => line.includes("Wrong"))).toHaveLength(key.length - right);
    if (!PER_QUESTION_ONLY.has(slug)) {
      const percentage = (right / key.length) * 100;
      const band = percentage >= 62 ? "B: Very Satisfactory" : "C+: Definite Pass";
      expect(await page.locator(".grade").textContent()).toBe(band);
    }
  });
});

describe("the mathematics quiz", () => {
  it("brings the total and grade into view on a phone, and gives them the focus", async () => {
    const page = await openQuiz("introduction_to_mathematics");
    await answer(page, keyOf("introduction_to_mathematics"));
    await page.getByRole("button", { name: "Show Results" }).click();
    const total = page.locator(".quiz__total");
    await expect.poll(() => total.evaluate((node) => node === document.activeElement)).toBe(true);
    const box = (await total.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await total.getAttribute("role")).toBe("status");
  });

  it("scores the answer key 10/10, and every letter shifted by one 0/10", async () => {
    const key: Letter[] = ["A", "B", "C", "C", "B", "A", "B", "B", "A", "C"];
    const page = await openQuiz("introduction_to_mathematics");
    await answer(page, key);
    await page.getByRole("button", { name: "Show Results" }).click();
    expect(await specTotal(page)).toBe("You got: 10/10100%A+: First Distinction");
    await answer(page, key.map(wrong));
    expect(await specTotal(page)).toBe("You got: 0/100%D: Fail");
  });

  it("shows a bigger, greener grade for a higher band", async () => {
    const page = await openQuiz("introduction_to_mathematics");
    const key = keyOf("introduction_to_mathematics");
    await answer(
      page,
      key.map((letter, index) => (index < 3 ? letter : wrong(letter))),
    );
    await page.getByRole("button", { name: "Show Results" }).click();
    const low = await page.locator(".grade").evaluate((node) => ({
      size: parseFloat(getComputedStyle(node).fontSize),
      color: getComputedStyle(node).color,
    }));
    await answer(page, key);
    const high = await page.locator(".grade").evaluate((node) => ({
      size: parseFloat(getComputedStyle(node).fontSize),
      color: getComputedStyle(node).color,
    }));
    expect(high.size).toBeGreaterThan(low.size);
    const [lowRed, lowGreen] = low.color.match(/\d+/g)!.map(Number);
    const [highRed, highGreen] = high.color.match(/\d+/g)!.map(Number);
    expect(lowRed!).toBeGreaterThan(lowGreen!);
    expect(highGreen!).toBeGreaterThan(highRed!);
  });
});

describe("the physics quiz with its script", () => {
  const key = keyOf("introduction_to_physics");

  it("shows the results in place, with no request but the attempt's, and they follow a changed answer", async () => {
    const page = await openQuiz("introduction_to_physics");
    const addresses: string[] = [];
    // Marking needs no network: the only request is the attempt's, sent after the marks show.
    page.on("request", (request) => !isAttemptSent(request) && addresses.push(request.url()));
    page.on("framenavigated", (frame) => addresses.push(frame.url()));
    await answer(page, key);
    await page.getByRole("button", { name: "Show Results" }).click();
    expect(await results(page)).toEqual(key.map(() => "✓ Correct [1 mark]"));
    expect(await specTotal(page)).toBe("You got: 10/10100%A+: First Distinction");
    await page
      .locator(".question")
      .nth(2)
      .getByRole("radio", { name: new RegExp(`^${wrong(key[2]!)}\\. `) })
      .click();
    expect((await results(page))[2]).toBe("✗ Wrong [0 marks]");
    expect(await specTotal(page)).toBe("You got: 9/1090%A+: First Distinction");
    await page.getByLabel("Your answer to question 3", { exact: true }).selectOption("");
    await page.getByLabel("Your answer to question 4", { exact: true }).selectOption("");
    expect(await specTotal(page)).toBe("You got: 8/1080%A: Distinction");
    expect(await page.getByRole("link", { name: "Start again" }).isVisible()).toBe(true);
    // The browser's own favicon fetch is not the page's doing.
    expect(addresses.filter((address) => !address.includes("/favicon"))).toEqual([]);
  });

  it("makes a results page posted before the script arrived live once the script has", async () => {
    const page = await session.newPage({ viewport: { width: 360, height: 740 } }, [
      /ERR_FAILED/,
      NOT_SIGNED_IN,
    ]);
    await page.route("**/assets/quiz-*.js", (route) => route.abort());
    await page.goto("/introduction_to_physics");
    await answer(page, key);
    await page.unroute("**/assets/quiz-*.js");
    await page.getByRole("button", { name: "Show Results" }).click();
    await page.waitForURL("**/introduction_to_physics#results");
    await page.waitForLoadState("load");
    expect(await specTotal(page)).toBe("You got: 10/10100%A+: First Distinction");
    await showDropDowns(page);
    await page
      .getByLabel("Your answer to question 1", { exact: true })
      .selectOption(wrong(key[0]!));
    expect((await results(page))[0]).toBe("✗ Wrong [0 marks]");
    expect(await specTotal(page)).toBe("You got: 9/1090%A+: First Distinction");
    expect(
      await page
        .locator(".question")
        .first()
        .getByRole("radio", { name: new RegExp(`^${wrong(key[0]!)}\\. `) })
        .isChecked(),
    ).toBe(true);
  });

  it("chooses an option when its text is tapped, and keeps the drop-down in step both ways", async () => {
    const page = await openQuiz("introduction_to_physics");
    await showDropDowns(page);
    const question = page.locator(".question").first();
    const dropDown = page.getByLabel("Your answer to question 1", { exact: true });
    await question.locator(".option__text").nth(2).click();
    expect(await question.getByRole("radio", { name: /^C\. / }).isChecked()).toBe(true);
    expect(await dropDown.inputValue()).toBe("C");
    await dropDown.selectOption("A");
    expect(await question.getByRole("radio", { name: /^A\. / }).isChecked()).toBe(true);
    expect(await question.getByRole("radio", { name: /^C\. / }).isChecked()).toBe(false);
    await dropDown.selectOption("");
    expect(await question.locator("input[type=radio]:checked").count()).toBe(0);
  });

  it("names the right option in the letter its option and drop-down show", async () => {
    const page = await openQuiz("introduction_to_physics");
    await page.getByRole("button", { name: "Show Results" }).click();
    const explanations = await page.locator(".question__explanation strong").allTextContents();
    expect(explanations).toEqual(key.map((letter) => `Answer ${letter}.`));
  });
});

/** The option radios of question `index`, found by the name a screen reader reads. */
const radio = (page: Page, index: number, name: RegExp) =>
  page.locator(".question").nth(index).getByRole("radio", { name });
const letterAt = (letter: Letter) => new RegExp(`^${letter}\\. `);
const colourOf = (page: Page, index: number, letter: Letter) =>
  radio(page, index, letterAt(letter)).evaluate(
    (input) => getComputedStyle(input.parentElement!).backgroundColor,
  );

describe("marked options after Show Results, with the script", () => {
  const key = keyOf("introduction_to_physics");

  it("marks the right option as right and a wrong choice as wrong, in words and in colour", async () => {
    const page = await openQuiz("introduction_to_physics");
    await radio(page, 0, letterAt(wrong(key[0]!))).check();
    await radio(page, 1, letterAt(key[1]!)).check();
    // Chosen, not yet marked: nothing reads as right or wrong, and the box is not green.
    expect(await page.getByRole("radio", { name: /Right answer|Your answer/ }).count()).toBe(0);
    const chosen = await colourOf(page, 0, wrong(key[0]!));
    const [red, green] = chosen.match(/\d+/g)!.map(Number);
    expect(green!).toBeLessThanOrEqual(red! + 8);
    await page.getByRole("button", { name: "Show Results" }).click();

    // Question 1, answered wrong: the choice says so, the right option says it is right.
    expect(await radio(page, 0, /Your answer: wrong$/).getAttribute("value")).toBe(wrong(key[0]!));
    expect(await radio(page, 0, /Your answer: wrong$/).isChecked()).toBe(true);
    expect(await radio(page, 0, /Right answer$/).getAttribute("value")).toBe(key[0]);
    expect(await radio(page, 0, /Right answer$/).isChecked()).toBe(false);
    // Question 2, answered right; question 3, unanswered: its right option is shown too.
    expect(await radio(page, 1, /Right answer$/).isChecked()).toBe(true);
    expect(await radio(page, 1, /Your answer: wrong$/).count()).toBe(0);
    expect(await radio(page, 2, /Right answer$/).getAttribute("value")).toBe(key[2]);
    expect(await page.locator(".option__mark:visible").first().textContent()).toMatch(/^✓|^✗/);

    const rightColour = await colourOf(page, 0, key[0]!);
    const wrongColour = await colourOf(page, 0, wrong(key[0]!));
    const [rightRed, rightGreen] = rightColour.match(/\d+/g)!.map(Number);
    const [wrongRed, wrongGreen] = wrongColour.match(/\d+/g)!.map(Number);
    expect(rightGreen!).toBeGreaterThan(rightRed!);
    expect(wrongRed!).toBeGreaterThan(wrongGreen!);

    // The marks follow a changed answer, as the lines do.
    await radio(page, 0, letterAt(key[0]!)).check();
    expect(await radio(page, 0, /Your answer: wrong$/).count()).toBe(0);
    expect(await radio(page, 0, /Right answer$/).isChecked()).toBe(true);
    expect((await results(page))[0]).toBe("✓ Correct [1 mark]");
  });

  it("gives each question one control: a keyboard meets its options once, the drop-downs only after the switch", async () => {
    const page = await openQuiz("introduction_to_physics");
    const questions = page.locator(".question");
    expect(await questions.first().getByRole("combobox").count()).toBe(0);
    expect(await questions.first().getByRole("radiogroup").count()).toBe(1);
    const switcher = page.getByLabel("Show an A, B, C drop-down under each question");
    await switcher.focus();
    const met: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press("Tab");
      met.push(
        await page.evaluate(() => {
          const focused = document.activeElement as HTMLInputElement;
          return `${focused.type} ${focused.name}`;
        }),
      );
    }
    expect(met).toEqual(["radio option-1", "radio option-2", "radio option-3"]);

    // The spec's drop-down, once switched on: starts at 'Pick an answer' and moves the option.
    await switcher.check();
    const dropDown = questions.first().getByRole("combobox", { name: "Your answer to question 1" });
    expect(await dropDown.isVisible()).toBe(true);
    expect(await dropDown.inputValue()).toBe("");
    await dropDown.selectOption(wrong(key[0]!));
    expect(await radio(page, 0, letterAt(wrong(key[0]!))).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Show Results" }).click();
    expect(await radio(page, 0, /Your answer: wrong$/).getAttribute("value")).toBe(wrong(key[0]!));
  });
});

describe("a quiz with the connection gone", () => {
  it("still marks every question once the page has loaded", async () => {
    // The service worker may still be keeping the page's files when the connection goes:
    // its failed fetches are its own, not the quiz's (which the requests below prove). A
    // favicon the worker could not fetch yet reads ERR_FAILED (its answer was an error), and
    // one the browser fetched itself ERR_INTERNET_DISCONNECTED, depending on timing; on a
    // busy machine the worker's own script may not have arrived yet either.
    const page = await openQuiz("introduction_to_physics", [
      ...CONNECTION_GONE_ERRORS,
      /ERR_FAILED/,
    ]);
    await page.context().setOffline(true);
    const requests: string[] = [];
    // The browser's own favicon fetch is not the page's doing, and the attempt's POST (which a
    // phone that knows it is offline does not even try) is not marking's.
    page.on(
      "request",
      (request) =>
        !request.url().includes("/favicon") &&
        !isAttemptSent(request) &&
        requests.push(request.url()),
    );
    await answer(page, keyOf("introduction_to_physics"));
    await page.getByRole("button", { name: "Show Results" }).click();
    expect(await specTotal(page)).toBe("You got: 10/10100%A+: First Distinction");
    expect(requests).toEqual([]);
  });
});

describe("quiz pages", () => {
  it.each(["introduction_to_biology", "introduction_to_pathology", "separation_techniques"])(
    "%s has no accessibility violations before and after results",
    async (slug) => {
      const page = await openQuiz(slug);
      expect(await axeViolations(page)).toEqual([]);
      await answer(
        page,
        keyOf(slug).map((letter, index) => (index % 2 ? letter : wrong(letter))),
      );
      await page.getByRole("button", { name: "Show Results" }).click();
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it("show each diagram as an image with its text alternative", async () => {
    const page = await openQuiz("separation_techniques");
    const diagrams = page.locator(".question__diagram");
    expect(await diagrams.count()).toBeGreaterThan(0);
    for (const diagram of await diagrams.all()) {
      expect(await diagram.getAttribute("role")).toBe("img");
      expect((await diagram.getAttribute("aria-label"))?.length).toBeGreaterThan(15);
      expect(await diagram.locator("svg").count()).toBe(1);
    }
  });
});
