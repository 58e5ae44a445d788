import { describe, expect, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";

const session = browserSessionPerFile();

/**
 * The CSP (no unsafe-inline) must not break what it guards: no page trips a single
 * violation. (The account journeys show the hydrated pages' scripts run, through the nonce;
 * the quiz journeys, that a page's own script runs.)
 */
describe("the Content-Security-Policy in a real browser", () => {
  it.each([
    "/",
    "/books",
    "/tutorials/mathematics",
    "/smartify/1",
    "/videos",
    "/login",
    "/register",
    "/introduction_to_physics",
    "/saved",
  ])("%s loads without a single violation", async (path) => {
    const page = await session.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const response = await page.goto(path, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).not.toContain("unsafe-inline");
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  });
});
