import { describe, expect, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";

const session = browserSessionPerFile();
const SHELL_PAGES = ["/", "/about", "/app", "/images", "/no-such-page"];
const MENU_LABELS = [
  "Home",
  "Books",
  "Tutorials",
  "Videos",
  "Podcasts",
  "Smartify",
  "About",
  "Past papers",
  "Brain Booster",
  "Saved",
  "My progress",
  "Review",
  "Log in",
];

describe("the app shell", () => {
  it.each(SHELL_PAGES)(
    // axe checks each of these pages in tests/e2e/every-route-on-a-phone.test.ts.
    "%s has the header, menu button and footer",
    async (path) => {
      const page = await session.newPage();
      await page.goto(path);
      await expect.poll(() => page.getByRole("button", { name: "Menu" }).isVisible()).toBe(true);
      const footer = page.getByRole("contentinfo");
      // The shipped settings hold no social address: no link to a stranger (content/site-settings.json).
      for (const name of ["Facebook", "TikTok", "WhatsApp"]) {
        expect(await footer.getByRole("link", { name }).count()).toBe(0);
      }
      expect(await footer.getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/about");
      expect(await footer.textContent()).toMatch(/© \d{4} StudyZed/);
    },
  );

  it("opens and closes the menu with the mouse, listing the menu's links in order", async () => {
    const page = await session.newPage();
    await page.goto("/about");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole("link").allTextContents()).toEqual(MENU_LABELS);
    await page.getByRole("button", { name: "Close menu" }).click();
    expect(await menu.isVisible()).toBe(false);
  });

  it("moves focus into the menu when it opens and back to the button when Escape closes it", async () => {
    const page = await session.newPage();
    await page.goto("/about");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Close menu");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Menu");
  });

  it("closes the menu when a link in it is chosen", async () => {
    const page = await session.newPage();
    await page.goto("/app");
    await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "About" })
      .click();
    await page.waitForURL("**/about");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("About StudyZed");
    expect(await page.getByRole("navigation", { name: "Main menu" }).isVisible()).toBe(false);
  });

  it("works with JavaScript turned off, as a link preview or a data-saving browser sees it", async () => {
    const page = await session.newPage({ javaScriptEnabled: false });
    await page.goto("/");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
  });

  it("ships content pages with no script but the small offline helper", async () => {
    const page = await session.newPage();
    await page.goto("/about");
    expect(
      await page
        .locator("script")
        .evaluateAll((scripts) => scripts.map((script) => script.getAttribute("src"))),
    ).toEqual(["/offline.js"]);
  });
});

describe("the simple pages", () => {
  it("shows the not-found screen with status 404 for an unknown path", async () => {
    const page = await session.newPage();
    const response = await page.goto("/tutorials/no-such-subject/at-all");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Error: Page not found or the url you entered has been removed",
    );
    expect(await page.getByRole("main").textContent()).toContain("Use the menu");
  });

  it("/about has every part the requirements list", async () => {
    const page = await session.newPage();
    await page.goto("/about");
    const main = page.getByRole("main");
    for (const heading of [
      "What it is",
      "Who it is for",
      "Why it exists",
      "Our aim",
      "Our motto",
      "Who makes it",
    ]) {
      expect(await main.getByRole("heading", { name: heading }).count(), heading).toBe(1);
    }
    expect(await main.getByRole("img", { name: "StudyZed logo" }).count()).toBe(1);
    // No contact is set in the shipped settings, so none is offered, not even a placeholder.
    expect(await main.getByRole("heading", { name: "Contact us" }).count()).toBe(0);
    expect(await main.getByRole("link", { name: "WhatsApp" }).count()).toBe(0);
    expect(await main.locator('a[href^="mailto:"]').count()).toBe(0);
  });

  it("/app shows the '6.4k downloads' caption, says whose count it is, and the app file link", async () => {
    const page = await session.newPage();
    await page.goto("/app");
    expect(await page.getByText("6.4k downloads", { exact: true }).count()).toBe(1);
    expect(await page.locator(".android-app__caption").textContent()).toBe(
      "6.4k downloads (the count the older StudyZed site showed for its app)",
    );
    expect(
      await page
        .getByRole("link", { name: "Download the StudyZed Android app" })
        .getAttribute("href"),
    ).toBeTruthy();
  });

  it("/images is headed IMAGES PAGE and shows a gallery of sized images", async () => {
    const page = await session.newPage();
    await page.goto("/images");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("IMAGES PAGE");
    const images = page.getByRole("main").getByRole("img");
    expect(await images.count()).toBeGreaterThanOrEqual(4);
    for (const image of await images.all()) {
      expect(await image.getAttribute("alt")).toBeTruthy();
      expect(await image.getAttribute("width")).toBeTruthy();
      expect(await image.getAttribute("height")).toBeTruthy();
    }
  });
});
