import { axeViolations } from "#tests/setup/accessibility";
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registeredThroughApp } from "#tests/setup/accounts";
import { browserSessionPerFile } from "#tests/setup/browser";

const session = browserSessionPerFile();
const PASSWORD = "Kafue-River-Sunrise-42";
const PHONE = { viewport: { width: 360, height: 740 } };
const NO_CONNECTION = "No connection. Your details are still here; try again when you have signal.";
const LOGIN_FAILED = "Login failed: Please check your username and password and try again. ";
const NAME_TAKEN = "Registration failed: Username already exists, please try another username";
const REGISTERED = "Registration successful! Please log in.";
/**
 * Leaving a page while its lazy covers still load, through the service worker, fails them as
 * net::ERR_FAILED (as in tests/e2e/offline.test.ts): expected in journeys that go on to other pages.
 */
const LEFT_WHILE_LOADING = /ERR_FAILED/;

/** A page whose account-form script has taken over the form. */
async function openWithScript(path: string, expectedErrors: RegExp[] = []) {
  const page = await session.newPage(PHONE, expectedErrors);
  await page.goto(path);
  await page.locator("form[data-enhanced]").waitFor();
  return page;
}

async function fillRegistration(page: Page, username: string) {
  await page.getByLabel("First name").fill("Natasha");
  await page.getByLabel("Last name").fill("Mwale");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
}

async function fillLogin(page: Page, username: string, password = PASSWORD) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
}

/** Answers the form's POST to the address `pathname` with `answer` instead of the server. */
async function onPost(page: Page, pathname: string, answer: (route: Route) => Promise<void>) {
  await page.route(
    (url) => url.pathname === pathname,
    (route, request) => (request.method() === "POST" ? answer(route) : route.continue()),
  );
}

/** Holds the form's POST to `pathname` until released, so a test can see the page while it waits. */
async function holdPost(page: Page, pathname: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await onPost(page, pathname, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

let nextStudent = 0;
/** A username of this test's own: each test stands alone. */
const newUsername = () => `natasha${process.pid}x${nextStudent++}`;

/** Registers a student through the older app's call, for tests about what comes after. */
const registeredStudent = (firstName = "Natasha") =>
  registeredThroughApp(session.baseUrl, {
    username: newUsername(),
    firstName,
    lastName: "Mwale",
    password: PASSWORD,
  });

describe("the register page", () => {
  it("shows the required heading, fields, placeholder and help, and no React", async () => {
    const page = await openWithScript("/register");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Register");
    expect(await page.getByLabel("Username").getAttribute("placeholder")).toBe(
      "Username (No spaces)",
    );
    expect(await page.locator("input[name=email]").count()).toBe(0);
    expect(await page.locator(".account__help li").allTextContents()).toEqual([
      "Memorize your username because it is used to log in.",
      "It may contain letters, numbers and symbols.",
      "It must be unique.",
      "After successful registration the user is redirected to the login page, which asks for username and password.",
    ]);
    expect(await page.getByRole("link", { name: "Login here" }).getAttribute("href")).toBe(
      "/login",
    );
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("registers: 'Registering ... Please wait ' while the form is sent, then /login with the success note and the username filled in", async () => {
    const page = await openWithScript("/register");
    const username = newUsername();
    await fillRegistration(page, username);
    const release = await holdPost(page, "/register");
    await page.getByRole("button", { name: "Register" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("Registering ... Please wait ");
    release();
    await page.waitForURL("**/login?registered=1&username=*");
    await page.getByText(REGISTERED).waitFor();
    expect(await page.getByLabel("Username").inputValue()).toBe(username);
  });

  it("shows the server's error in red and stays when the username is taken", async () => {
    const username = await registeredStudent();
    const page = await openWithScript("/register", [/status of 409/]);
    await fillRegistration(page, username.toUpperCase());
    await page.getByRole("button", { name: "Register" }).click();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe(NAME_TAKEN);
    expect(await alert.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(179, 38, 30)");
    expect(await page.getByRole("status").textContent()).toBe("");
    expect(new URL(page.url()).pathname).toBe("/register");
    expect(await page.getByRole("button", { name: "Register" }).isEnabled()).toBe(true);
  });

  it("shows the default error when the server answers without a text of its own", async () => {
    const page = await openWithScript("/register", [/status of 500/]);
    await onPost(page, "/register", (route) => route.fulfill({ status: 500, body: "" }));
    await fillRegistration(page, "someone-new");
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(NAME_TAKEN);
  });
});

describe("when the connection drops", () => {
  it("says so on the register page, not that the name is taken, and keeps what was typed", async () => {
    const page = await openWithScript("/register", [/ERR_INTERNET_DISCONNECTED/]);
    await onPost(page, "/register", (route) => route.abort("internetdisconnected"));
    const username = newUsername();
    await fillRegistration(page, username);
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(NO_CONNECTION);
    expect(await page.getByLabel("First name").inputValue()).toBe("Natasha");
    expect(await page.getByLabel("Username").inputValue()).toBe(username);
    expect(await page.getByLabel("Password").inputValue()).toBe(PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/register");
  });

  it("says so on the login page when the request is cut mid-way, not that the password is wrong", async () => {
    const username = await registeredStudent();
    const page = await openWithScript("/login?registered=1", [/ERR_CONNECTION_RESET/]);
    // The request reaches the network and is cut before any answer comes back.
    await onPost(page, "/login", (route) => route.abort("connectionreset"));
    await fillLogin(page, username);
    await page.getByRole("button", { name: "Login" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(NO_CONNECTION);
    // Never a success note beside an error.
    expect(await page.getByText(REGISTERED).count()).toBe(0);
    expect(await page.getByLabel("Username").inputValue()).toBe(username);
    expect(await page.getByLabel("Password").inputValue()).toBe(PASSWORD);
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBeNull();
  });

  it("says so on the login page when no answer comes within the time limit", async () => {
    const username = await registeredStudent();
    const page = await session.newPage(PHONE);
    await page.clock.install();
    await page.goto("/login");
    await page.locator("form[data-enhanced]").waitFor();
    // An answer that never comes: the server is not asked at all.
    await onPost(page, "/login", () => new Promise<void>(() => {}));
    await fillLogin(page, username);
    await page.getByRole("button", { name: "Login" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("Logging ... Please wait ");
    await page.clock.runFor(20_000);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(NO_CONNECTION);
    expect(await page.getByRole("status").textContent()).toBe("");
    expect(await page.getByLabel("Password").inputValue()).toBe(PASSWORD);
  });
});

describe("the login page", () => {
  it("logs in: 'Logging ... Please wait ', 'Login successful!', the token kept and shown, the header naming the student, then home", async () => {
    const username = await registeredStudent("Chipo");
    const page = await openWithScript("/login", [LEFT_WHILE_LOADING]);
    expect(await page.getByRole("link", { name: "Register here" }).getAttribute("href")).toBe(
      "/register",
    );
    await fillLogin(page, username);
    const release = await holdPost(page, "/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe("Logging ... Please wait ");
    release();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Login successful!");
    const stored = await page.evaluate(() => window.localStorage.getItem("token"));
    expect(stored).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.locator(".token").textContent()).toBe(`Your token: ${stored}`);
    expect(await page.locator(".site-header").getByText("Logged in as Chipo").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Chipo: My account" }).count()).toBe(1);
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("lets the registration note give way to a later error, never beside it", async () => {
    const username = await registeredStudent();
    const page = await openWithScript("/login?registered=1", [/status of 401/]);
    expect(await page.getByText(REGISTERED).count()).toBe(1);
    await fillLogin(page, username, "not-my-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(LOGIN_FAILED);
    expect(await page.getByText(REGISTERED).count()).toBe(0);
  });

  it("shows the exact failure text in red for a wrong password", async () => {
    const username = await registeredStudent();
    const page = await openWithScript("/login", [/status of 401/]);
    await fillLogin(page, username, "not-my-password");
    await page.getByRole("button", { name: "Login" }).click();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe(LOGIN_FAILED);
    expect(await alert.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(179, 38, 30)");
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBeNull();
    expect(await page.getByLabel("Username").inputValue()).toBe(username);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe("when many students sign in at once", () => {
  const BUSY = "Many students are signing in right now. Please try again in a moment.";

  it("says the site is busy and tries again by itself after the wait it was given", async () => {
    const username = await registeredStudent("Mutale");
    const page = await openWithScript("/login", [/status of 429/, LEFT_WHILE_LOADING]);
    await page.clock.install();
    let posts = 0;
    // The first answer is the server's "busy"; the next goes through to the real server.
    await onPost(page, "/login", (route) =>
      posts++ === 0
        ? route.fulfill({
            status: 429,
            headers: { "Retry-After": "2" },
            json: { error: `${BUSY} You can try again in 2 seconds.`, retryInSeconds: 2 },
          })
        : route.continue(),
    );
    await fillLogin(page, username);
    await page.getByRole("button", { name: "Login" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe(`${BUSY} You can try again in 2 seconds.`);
    expect(posts).toBe(1);
    await page.clock.runFor(3_000);
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Login successful!");
    expect(posts).toBe(2);
  }, 60_000);
});

describe("the header", () => {
  it("names the signed-in student with a Log out button, and logging out takes them away", async () => {
    const username = await registeredStudent("Mubanga");
    const page = await openWithScript("/login", [LEFT_WHILE_LOADING]);
    const header = page.locator(".site-header");
    expect(await header.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    await fillLogin(page, username);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/books");
    expect(await header.getByText("Logged in as Mubanga").isVisible()).toBe(true);
    expect(await header.getByRole("link", { name: "Log in" }).count()).toBe(0);
    // The name and the button fit a small phone's screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    expect(await axeViolations(page, { include: ".site-header" })).toEqual([]);

    await header.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await header.getByRole("link", { name: "Log in" }).waitFor();
    expect(await header.getByText("Mubanga").count()).toBe(0);
    expect(await header.getByRole("button", { name: "Log out" }).count()).toBe(0);
    await page.goto("/books");
    expect(await header.getByText("Mubanga").count()).toBe(0);
  });
});
