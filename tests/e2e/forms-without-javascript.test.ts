import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import { browserSessionPerFile } from "#tests/setup/browser";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { showDropDowns } from "#tests/setup/quiz-answers";
import { specTotal } from "#tests/setup/quiz-total";

const session = browserSessionPerFile();
const PASSWORD = "Secret-Mongu-Floodplain-31";

/**
 * The account forms post to their pages' actions (docs/requirements.md#accounts), so they
 * work the same with JavaScript off, before the page's script has arrived, and once it has;
 * in no case does a password reach an address, the browser's history or the server's log.
 */
describe.each([
  ["with JavaScript off", "off"],
  ["before the JavaScript has arrived", "not yet"],
  ["with JavaScript", "on"],
] as const)("the account forms %s", (_label, javascript) => {
  let database: TestDatabase;
  let site: RunningServer;
  const logLines: string[] = [];
  let nextStudent = 0;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const logger = createLogger({
      level: "info",
      destination: { write: (line: string) => void logLines.push(line) },
    });
    site = await serveSite({ database, logger });
  });
  afterAll(async () => {
    await site?.close();
    await database?.destroy();
  });

  /** A page in the mode under test, recording every address the browser asked for or went to. */
  async function openPage(path: string, expectedErrors: RegExp[] = []) {
    const page = await session.newPage(
      {
        baseURL: site.url,
        javaScriptEnabled: javascript !== "off",
        viewport: { width: 360, height: 740 },
      },
      expectedErrors,
    );
    const addresses: string[] = [];
    page.on("request", (request) => addresses.push(request.url()));
    page.on("framenavigated", (frame) => addresses.push(frame.url()));
    // Scripts that never arrive: the page stays as the server sent it, as on a slow link.
    if (javascript === "not yet") await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(path);
    if (javascript === "on") await page.locator("form[data-enhanced]").waitFor();
    // The form under test is the server's own, as sent: no script has taken it over.
    else expect(await page.locator("form[data-enhanced]").count()).toBe(0);
    return { page, addresses };
  }

  async function expectNoPasswordAnywhere(page: Page, addresses: string[]) {
    const visited = [...addresses, page.url(), await page.evaluate(() => window.location.href)];
    expect(
      visited.filter((address) => address.includes(PASSWORD) || /password=/i.test(address)),
    ).toEqual([]);
    expect(logLines.join("")).not.toContain(PASSWORD);
  }

  async function register(page: Page, username: string) {
    await page.getByLabel("First name").fill("Mutinta");
    await page.getByLabel("Last name").fill("Hamoonga");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
  }

  it("registers, logs in, shows the token and who is signed in, and logs out, with the password never in an address", async () => {
    const username = `nojs${javascript.replace(" ", "")}${nextStudent++}`;
    const registering = await openPage("/register", [/ERR_FAILED/]);
    await register(registering.page, username);
    await registering.page.waitForURL("**/login?registered=1&username=*");
    await registering.page.getByText("Registration successful! Please log in.").waitFor();
    expect(await registering.page.getByLabel("Username").inputValue()).toBe(username);
    await expectNoPasswordAnywhere(registering.page, registering.addresses);

    const login = await openPage("/login", [/ERR_FAILED/]);
    await login.page.getByLabel("Username").fill(username);
    await login.page.getByLabel("Password").fill(PASSWORD);
    await login.page.getByRole("button", { name: "Login" }).click();
    await login.page.getByText("Login successful!").waitFor();
    expect(await login.page.locator(".token").textContent()).toMatch(
      /^Your token: eyJ[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    const header = login.page.locator(".site-header");
    expect(await header.getByText("Logged in as Mutinta").isVisible()).toBe(true);
    // With JavaScript, or without it (the page says when to go on), the student goes home.
    await login.page.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
    await expectNoPasswordAnywhere(login.page, login.addresses);

    expect(await header.getByText("Logged in as Mutinta").isVisible()).toBe(true);
    await header.getByRole("button", { name: "Log out" }).click();
    await header.getByRole("link", { name: "Log in" }).waitFor();
    expect(await header.getByText("Mutinta").count()).toBe(0);
  });

  it("shows the required failure texts, with the password never in an address", async () => {
    const taken = `taken${javascript.replace(" ", "")}${nextStudent++}`;
    const first = await openPage("/register", [/ERR_FAILED/]);
    await register(first.page, taken);
    await first.page.waitForURL("**/login?registered=1&username=*");

    const again = await openPage("/register", [/ERR_FAILED/, /status of 409/]);
    await register(again.page, taken.toUpperCase());
    await expect
      .poll(() => again.page.getByRole("alert").textContent())
      .toBe("Registration failed: Username already exists, please try another username");
    await expectNoPasswordAnywhere(again.page, again.addresses);

    const login = await openPage("/login", [/ERR_FAILED/, /status of 401/]);
    await login.page.getByLabel("Username").fill(taken);
    await login.page.getByLabel("Password").fill(`${PASSWORD}-wrong`);
    await login.page.getByRole("button", { name: "Login" }).click();
    await expect
      .poll(() => login.page.getByRole("alert").textContent())
      .toBe("Login failed: Please check your username and password and try again. ");
    await expectNoPasswordAnywhere(login.page, login.addresses);
  });
});

/**
 * A quiz's Show Results posts the answers to its page's action, which marks them
 * (docs/decisions/0039-quiz-results-without-javascript.md): with JavaScript off, or with its
 * script not yet arrived, a student still gets every mark, the total and the grade.
 */
describe.each([
  ["with JavaScript off", "off"],
  ["before its script has arrived", "not yet"],
] as const)("a quiz %s", (_label, javascript) => {
  // Introduction to Mathematics: A, B, C, C, B, A, B, B, A, C (docs/requirements.md).
  const KEY = ["A", "B", "C", "C", "B", "A", "B", "B", "A", "C"];

  async function openQuiz(path: string) {
    const page = await session.newPage(
      { viewport: { width: 360, height: 740 }, javaScriptEnabled: javascript !== "off" },
      // The results page's script may come from the service worker, and then sends the attempt,
      // refused without a session (docs/decisions/0042-quiz-attempts-kept-offline-first.md).
      [/ERR_FAILED/, /status of 401/],
    );
    if (javascript === "not yet") await page.route("**/assets/quiz-*.js", (route) => route.abort());
    await page.goto(path);
    return page;
  }

  it("marks the answers on the server and keeps them chosen, tapped or picked", async () => {
    const page = await openQuiz("/introduction_to_mathematics");
    // Seven right: questions 1 to 4 by tapping an option, 5 to 7 with the drop-down; 8 wrong,
    // 9 and 10 left unanswered.
    for (const [index, letter] of KEY.slice(0, 4).entries()) {
      await page
        .locator(".question")
        .nth(index)
        .getByRole("radio", { name: new RegExp(`^${letter}\\. `) })
        .check();
    }
    // The spec's drop-downs show at a switch, which needs no script (docs/decisions/0100-one-control-and-marked-options.md).
    await showDropDowns(page);
    for (const [index, letter] of KEY.entries()) {
      if (index < 4 || index > 7) continue;
      await page
        .getByLabel(`Your answer to question ${index + 1}`, { exact: true })
        .selectOption(index === 7 ? "C" : letter);
    }
    await page.getByRole("button", { name: "Show Results" }).click();
    await page.waitForURL("**/introduction_to_mathematics#results");

    expect(await page.locator(".result:visible").allTextContents()).toEqual([
      ...Array.from({ length: 7 }, () => "✓ Correct [1 mark]"),
      ...Array.from({ length: 3 }, () => "✗ Wrong [0 marks]"),
    ]);
    const total = page.locator(".quiz__total");
    expect(await specTotal(page)).toBe("You got: 7/1070%B+: Meritorious");
    expect(await total.getAttribute("role")).toBe("status");
    await expect.poll(() => total.evaluate((node) => node === document.activeElement)).toBe(true);
    const box = (await total.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);

    const expected = [...KEY.slice(0, 7), "C", "", ""];
    for (const [index, letter] of expected.entries()) {
      expect(
        await page.getByLabel(`Your answer to question ${index + 1}`, { exact: true }).inputValue(),
      ).toBe(letter);
      expect(
        await page
          .locator(".question")
          .nth(index)
          .locator("input[type=radio]:checked")
          .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value)),
      ).toEqual(letter ? [letter] : []);
    }
    // The server marks the options as the script does: question 8 chose C for B, 9 chose nothing.
    const radio = (index: number, name: RegExp) =>
      page.locator(".question").nth(index).getByRole("radio", { name });
    expect(await radio(7, /Your answer: wrong$/).getAttribute("value")).toBe("C");
    expect(await radio(7, /Your answer: wrong$/).isChecked()).toBe(true);
    expect(await radio(7, /Right answer$/).getAttribute("value")).toBe("B");
    expect(await radio(8, /Right answer$/).getAttribute("value")).toBe("A");
    expect(await radio(8, /Your answer: wrong$/).count()).toBe(0);
    expect(await radio(0, /Right answer$/).isChecked()).toBe(true);
    const background = (index: number, letter: string) =>
      radio(index, new RegExp(`^${letter}\\. `)).evaluate((input) =>
        getComputedStyle(input.parentElement!).backgroundColor.match(/\d+/g)!.map(Number),
      );
    const [wrongRed, wrongGreen] = await background(7, "C");
    const [rightRed, rightGreen] = await background(7, "B");
    expect(wrongRed!).toBeGreaterThan(wrongGreen!);
    expect(rightGreen!).toBeGreaterThan(rightRed!);
    expect(await page.getByRole("button", { name: "Show Results" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Start again" }).getAttribute("href")).toBe(
      "/introduction_to_mathematics",
    );
  });

  it("shows the biology quiz's lines and explanations, with no total or grade", async () => {
    const page = await openQuiz("/introduction_to_biology");
    await showDropDowns(page);
    await page.getByLabel("Your answer to question 1", { exact: true }).selectOption("C");
    await page.getByRole("button", { name: "Show Results" }).click();
    await page.getByText("Answer C.").first().waitFor();
    // The whole results page, not the part of it streamed so far.
    await page.waitForLoadState("load");
    const lines = await page.locator(".result:visible").allTextContents();
    expect(lines).toEqual([
      "✓ Correct [1 mark]",
      ...Array.from({ length: 9 }, () => "✗ Wrong [0 marks]"),
    ]);
    expect(await page.locator(".question__explanation:visible").count()).toBe(10);
    expect(await page.getByText(/You got:/).count()).toBe(0);
  });
});
