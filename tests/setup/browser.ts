import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from "./chromium";

export type BrowserSession = {
  baseUrl: string;
  /**
   * A fresh page in its own context; an unexpected console error fails the test. A test
   * that provokes an error response on purpose names it in `expectedErrors`.
   */
  newPage(options?: BrowserContextOptions, expectedErrors?: RegExp[]): Promise<Page>;
  /**
   * Closes every page opened so far. A test that serves the site itself calls it before it
   * stops that server: a page's service worker may still be fetching from it, and a fetch
   * cut off by the server reads as a console error.
   */
  closePages(): Promise<void>;
};

/** One Chromium per test file; every page it opens is checked for console errors. */
export function browserSessionPerFile(): BrowserSession {
  const baseUrl = inject("baseUrl");
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: TEST_BROWSER_PATH,
      args: [...CHROMIUM_ARGS],
    });
  });
  const closePages = async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  };
  afterEach(async () => {
    await closePages();
    const errors = consoleErrors;
    consoleErrors = [];
    expect(errors, "console errors").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl,
    closePages,
    async newPage(options = {}, expectedErrors = []) {
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.on("console", (message) => {
        // A 404 document is expected where a test asks for one; Chromium reports it as a console error.
        const expected = [/status of 404/, ...expectedErrors].some((pattern) =>
          pattern.test(message.text()),
        );
        if (message.type() === "error" && !expected) consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => consoleErrors.push(error.message));
      return page;
    },
  };
}
