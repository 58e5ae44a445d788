import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";

const session = browserSessionPerFile();
const PASSWORD = "Kafue-River-Sunrise-42";

async function openHydrated(path: string, expectedErrors: RegExp[] = []) {
  const page = await session.newPage({}, expectedErrors);
  await page.goto(path);
  await page.waitForFunction(
    () => "__reactRouterContext" in window && document.querySelector("form") !== null,
  );
  return page;
}

async function fillRegistration(page: Page, username: string) {
  await page.getByLabel("First name").fill("Natasha");
  await page.getByLabel("Last name").fill("Mwale");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
}

/** Holds a call until released, so a test can see the page while it waits. */
async function holdCall(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

let nextStudent = 0;
/** A username of this test's own: each test stands alone. */
const newUsername = () => `natasha${process.pid}x${nextStudent++}`;

/** Registers a student through the older app's call, for tests about what comes after. */
async function registeredStudent(): Promise<string> {
  const username = newUsername();
  const response = await fetch(`${session.baseUrl}/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Natasha",
      last_name: "Mwale",
      username,
      email: "",
      password: PASSWORD,
    }),
  });
  expect(response.status).toBe(201);
  return username;
}

describe("the register page", () => {
  it("shows the required heading, fields, placeholder and help", async () => {
    const page = await openHydrated("/register");
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
    expect(
      (await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id),
    ).toEqual([]);
  });

  it("registers: 'Registering ... Please wait ' while the call runs, then /login with the success note", async () => {
    const page = await openHydrated("/register");
    await fillRegistration(page, newUsername());
    const release = await holdCall(page, "/register.data");
    await page.getByRole("button", { name: "Register" }).click();
    expect(await page.getByRole("status").textContent()).toBe("Registering ... Please wait ");
    release();
    await page.waitForURL("**/login?registered=1");
    await expect
      .poll(() => page.getByText("Registration successful! Please log in.").isVisible())
      .toBe(true);
  });

  it("shows the server's error in red and stays when the username is taken", async () => {
    const username = await registeredStudent();
    const page = await openHydrated("/register", [/status of 409/]);
    await fillRegistration(page, username.toUpperCase());
    await page.getByRole("button", { name: "Register" }).click();
    const alert = page.getByRole("alert");
    await expect
      .poll(() => alert.textContent())
      .toBe("Registration failed: Username already exists, please try another username");
    expect(await alert.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(179, 38, 30)");
    expect(new URL(page.url()).pathname).toBe("/register");
  });

  it("shows the default error when the server gives no text", async () => {
    const page = await openHydrated("/register", [/status of 500/]);
    await page.route("**/register.data", (route) => route.fulfill({ status: 500, body: "" }));
    await fillRegistration(page, "someone-new");
    await page.getByRole("button", { name: "Register" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Registration failed: Username already exists, please try another username");
  });
});

const NO_CONNECTION = "No connection. Your details are still here; try again when you have signal.";

describe("when the connection drops", () => {
  it("says so on the register page, not that the name is taken, and keeps what was typed", async () => {
    const page = await openHydrated("/register", [/ERR_INTERNET_DISCONNECTED/]);
    await page.route("**/register.data", (route) => route.abort("internetdisconnected"));
    const username = newUsername();
    await fillRegistration(page, username);
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(NO_CONNECTION);
    expect(await page.getByLabel("Username").inputValue()).toBe(username);
    expect(await page.getByLabel("Password").inputValue()).toBe(PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/register");
  });

  it("says so on the login page when the request is cut mid-way, not that the password is wrong", async () => {
    const username = await registeredStudent();
    const page = await openHydrated("/login", [/ERR_CONNECTION_RESET/]);
    // The request reaches the network and is cut before any answer comes back.
    await page.route("**/login.data", (route) => route.abort("connectionreset"));
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe(NO_CONNECTION);
    expect(await page.getByLabel("Username").inputValue()).toBe(username);
    expect(await page.getByLabel("Password").inputValue()).toBe(PASSWORD);
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBeNull();
  });
});

describe("the login page", () => {
  it("logs in: 'Logging ... Please wait ', 'Login successful!', the token kept and shown, then home", async () => {
    const username = await registeredStudent();
    const page = await openHydrated("/login");
    expect(await page.getByRole("link", { name: "Register here" }).getAttribute("href")).toBe(
      "/register",
    );
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    const release = await holdCall(page, "/login.data");
    await page.getByRole("button", { name: "Login" }).click();
    expect(await page.getByRole("status").textContent()).toBe("Logging ... Please wait ");
    release();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("Login successful!");
    const stored = await page.evaluate(() => window.localStorage.getItem("token"));
    expect(stored).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.locator(".token code").textContent()).toBe(stored);
    await page.waitForURL((url) => url.pathname === "/");
  });

  it("lets the registration note give way to a later error, never beside it", async () => {
    const username = await registeredStudent();
    const page = await openHydrated("/login?registered=1", [/status of 401/]);
    expect(await page.getByText("Registration successful! Please log in.").count()).toBe(1);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Login failed: Please check your username and password and try again. ");
    expect(await page.getByText("Registration successful! Please log in.").count()).toBe(0);
  });

  it("shows the exact failure text in red for a wrong password", async () => {
    const username = await registeredStudent();
    const page = await openHydrated("/login", [/status of 401/]);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Login" }).click();
    const alert = page.getByRole("alert");
    await expect
      .poll(() => alert.textContent())
      .toBe("Login failed: Please check your username and password and try again. ");
    expect(await alert.evaluate((node) => getComputedStyle(node).color)).toBe("rgb(179, 38, 30)");
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBeNull();
    expect(
      (await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id),
    ).toEqual([]);
  });
});
