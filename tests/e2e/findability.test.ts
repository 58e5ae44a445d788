import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { browserSessionPerFile } from "#tests/setup/browser";

const session = browserSessionPerFile();
const baseUrl = inject("baseUrl");
const PHONE = { viewport: { width: 360, height: 740 } };

/** The links of one list, as [name, address] pairs, in page order. */
async function linksIn(page: Page, listName: string) {
  return page
    .getByRole("list", { name: listName })
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => [link.textContent?.trim() ?? "", link.getAttribute("href") ?? ""]),
    );
}

/** The quiz files themselves, so the page is checked against the data, not a copy of it. */
/** The spec's quizzes and every topic's Brain Booster, as their files say. */
async function quizFiles() {
  const folders = [path.resolve("content/quizzes"), path.resolve("content/quizzes/topics")];
  const files = (
    await Promise.all(
      folders.map(async (folder) =>
        (await readdir(folder))
          .filter((name) => name.endsWith(".json"))
          .map((name) => path.join(folder, name)),
      ),
    )
  ).flat();
  return Promise.all(
    files.map(async (file) => {
      const quiz = JSON.parse(await readFile(file, "utf8")) as {
        slug: string;
        title: string;
        level: string;
        questions: unknown[];
      };
      return {
        slug: quiz.slug,
        title: quiz.title,
        level: quiz.level,
        count: quiz.questions.length,
      };
    }),
  );
}

describe("a way to everything from anywhere", () => {
  it("home keeps its own texts and leads to each level, the past papers, the quizzes and the newest articles", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Study smart. Pass with pride.",
    );
    expect(await page.locator(".home__latest").textContent()).toMatch(/^Latest on Smartify: /);
    expect((await linksIn(page, "Levels")).map(([, href]) => href)).toEqual([
      "/tutorials/senior",
      "/tutorials/first-year",
      "/tutorials/med",
    ]);
    expect((await linksIn(page, "Practise")).map(([, href]) => href)).toEqual([
      "/past-papers",
      "/quizzes",
    ]);

    await page.goto("/smartify");
    const newest = await page
      .locator(".article-card h2 a")
      .evaluateAll((links) =>
        links.slice(0, 3).map((link) => [link.textContent ?? "", link.getAttribute("href") ?? ""]),
      );
    expect(newest.length).toBeGreaterThan(0);
    await page.goto("/");
    expect(await linksIn(page, "New on Smartify")).toEqual([
      ...newest,
      ["All Smartify articles", "/smartify"],
    ]);
  });

  it("the menu adds Past papers, Brain Booster, Saved, My progress, Review and Log in after the seven, each to a page that answers", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/books");
    await page.getByRole("button", { name: "Menu" }).click();
    const links = await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link")
      .evaluateAll((found) => found.map((link) => [link.textContent, link.getAttribute("href")]));
    expect(links.slice(7)).toEqual([
      ["Past papers", "/past-papers"],
      ["Brain Booster", "/quizzes"],
      ["Saved", "/saved"],
      ["My progress", "/progress"],
      ["Review", "/review"],
      ["Log in", "/login"],
    ]);
    for (const [, href] of links) {
      expect((await fetch(`${baseUrl}${href}`)).status, href!).toBe(200);
    }
  });

  it("/quizzes lists every quiz under its subject and level with the question count of its quiz file", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/quizzes");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Brain Booster");
    const shown = await page.locator("main .link-card").evaluateAll((links) =>
      links.map((link) => ({
        slug: link.getAttribute("href")?.split("/").pop(),
        title: link.firstChild?.textContent,
        note: link.querySelector(".link-card__note")?.textContent,
        level: link.closest("section")?.querySelector("h3")?.textContent,
      })),
    );
    const bySlug = (a: { slug?: string }, b: { slug?: string }) =>
      (a.slug ?? "").localeCompare(b.slug ?? "");
    expect(shown.sort(bySlug)).toEqual(
      (await quizFiles())
        .map((quiz) => ({
          slug: quiz.slug,
          title: quiz.title,
          note: `${quiz.count} questions`,
          level: quiz.level,
        }))
        .sort(bySlug),
    );
    expect(await page.locator("main h2").allTextContents()).toEqual([
      "Biology",
      "Chemistry",
      "Physics",
      "Mathematics",
      "English",
      "Medicine",
    ]);
  });

  it("/past-papers leads to every medical subject and first-year course that their level pages list", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials/med");
    const medical = await linksIn(page, "Subjects");
    await page.goto("/tutorials/first-year");
    const courses = await linksIn(page, "Courses");
    expect(medical.length).toBe(11);
    expect(courses.length).toBe(6);
    await page.goto("/past-papers");
    expect(await linksIn(page, "Medical subjects")).toEqual(medical);
    expect(await linksIn(page, "First-year courses")).toEqual(courses);
  });

  it("/tutorials keeps 'Grade 10 - 12' and its subjects, and leads to first-year and second-year medicine", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/tutorials");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Grade 10 - 12");
    expect((await linksIn(page, "Subjects")).map(([name]) => name)).toEqual([
      "Biology",
      "Chemistry",
      "English",
      "Mathematics",
      "Physics",
    ]);
    const levels = (await linksIn(page, "Levels")).map(([, href]) => href);
    expect(levels).toContain("/tutorials/first-year");
    expect(levels).toContain("/tutorials/med");
  });
});

describe("jump links on long pages, without JavaScript", () => {
  /** Follows the jump link named `name` and says where its heading ended up. */
  async function jump(page: Page, navName: string, name: string) {
    await page.getByRole("navigation", { name: navName }).getByRole("link", { name }).click();
    return page.evaluate(() => ({
      hash: location.hash,
      target: document.querySelector(":target")?.textContent,
      top: document.querySelector(":target")?.getBoundingClientRect().top,
    }));
  }

  it("takes Mathematics to each grade's heading", async () => {
    const page = await session.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto("/tutorials/mathematics");
    const grades = await page.locator("main section > h2").allTextContents();
    expect(grades).toEqual(["Grade Ten", "Grade Eleven", "Grade Twelve"]);
    for (const [grade, anchor] of [
      ["Grade Twelve", "#grade-12"],
      ["Grade Eleven", "#grade-11"],
    ] as const) {
      const landed = await jump(page, "Jump to a grade", grade);
      expect(landed.hash).toBe(anchor);
      expect(landed.target).toBe(grade);
      // At the top of the screen, give or take the browser's rounding of a fraction of a pixel.
      expect(landed.top).toBeGreaterThanOrEqual(-1);
      expect(landed.top).toBeLessThan(PHONE.viewport.height / 2);
    }
  });

  it("takes Pathology to each year's heading, with a link for every year listed", async () => {
    const page = await session.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto("/tutorials/patho");
    const years = await page.locator("main section > h2").allTextContents();
    const nav = page.getByRole("navigation", { name: "Jump to a year" });
    expect((await nav.getByRole("link").allTextContents()).slice(0, years.length)).toEqual(years);
    const landed = await jump(page, "Jump to a year", "2019");
    expect(landed).toMatchObject({ hash: "#year-2019", target: "2019" });
    expect(landed.top).toBeGreaterThanOrEqual(-1);
    expect(landed.top).toBeLessThan(PHONE.viewport.height / 2);
  });

  it("leaves the jump links out where there is only one group to go to", async () => {
    const page = await session.newPage(PHONE);
    for (const path of ["/tutorials/english", "/tutorials/BI110"]) {
      await page.goto(path);
      expect(await page.locator(".jump-links").count(), path).toBe(0);
    }
  });
});

describe("Smartify's list", () => {
  it("links each article's title and first picture to the article", async () => {
    const page = await session.newPage(PHONE);
    await page.goto("/smartify");
    const cards = await page.locator(".article-card").all();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const more = await card.getByRole("link", { name: /finish reading/ }).getAttribute("href");
      expect(
        await card.getByRole("heading", { level: 2 }).getByRole("link").getAttribute("href"),
      ).toBe(more);
      expect(await card.locator("a:has(img)").getAttribute("href")).toBe(more);
    }
    const second = page.locator(".article-card").nth(1);
    const title = await second.getByRole("heading", { level: 2 }).textContent();
    await second.locator("a:has(img)").click();
    await page.waitForURL(/\/smartify\/\d+$/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
  });
});
