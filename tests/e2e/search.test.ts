import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { formatBytes } from "#app/features/downloads/describe-download";
import { browserSessionPerFile } from "#tests/setup/browser";
import { PHONE } from "#tests/setup/phone-checks";

const session = browserSessionPerFile();
const baseUrl = inject("baseUrl");
/** The address the head names: SITE_URL's default for the shared server's port. */
const siteUrl = `http://localhost:${new URL(baseUrl).port}`;

/** A phone with JavaScript off: the search box and its page are plain HTML (docs/requirements.md#search). */
function phoneWithoutJavaScript() {
  return session.newPage({ viewport: PHONE, javaScriptEnabled: false });
}

/** Types into the header's box on the home page and sends it, as a student does. */
async function searchFromHome(page: Page, text: string, send: "button" | "Enter" = "button") {
  await page.goto("/");
  const header = page.locator(".site-header");
  await header.getByRole("searchbox", { name: "Search" }).fill(text);
  if (send === "Enter") await header.getByRole("searchbox", { name: "Search" }).press("Enter");
  else await header.getByRole("button", { name: "Search" }).click();
  await page.waitForURL((url) => url.pathname === "/search");
}

/** Each result as a student reads it. */
function resultsOn(page: Page) {
  return page.locator(".search-result").evaluateAll((items) =>
    items.map((item) => {
      const title = item.querySelector<HTMLAnchorElement>(".search-result__title a")!;
      const download = item.querySelector<HTMLAnchorElement>(".search-result__download a");
      return {
        kind: item.querySelector(".search-result__kind")?.textContent ?? "",
        title: title.textContent ?? "",
        href: title.getAttribute("href") ?? "",
        place: item.querySelector(".search-result__place")?.textContent ?? "",
        download: download?.getAttribute("href") ?? null,
        info: item.querySelector(".download-info")?.textContent ?? null,
      };
    }),
  );
}

const statusLine = (page: Page) => page.getByRole("status").textContent();

/** The head as a link preview reads it: the server's HTML, no script run. */
async function rawHead(path: string) {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const meta = (attribute: string, key: string) =>
    new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(head)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: meta("name", "description"),
    ogTitle: meta("property", "og:title"),
    ogDescription: meta("property", "og:description"),
    ogUrl: meta("property", "og:url"),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
  };
}

describe("searching with JavaScript off, from the header's box", () => {
  it("finds a Pathology 2019 past paper for 'patho 2019', with its download, size and data cost", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "patho 2019");
    expect(new URL(page.url()).search).toBe("?q=patho+2019");
    expect(await statusLine(page)).toMatch(/^\d+ results for “patho 2019”\.$/);
    const [first] = await resultsOn(page);
    expect(first).toMatchObject({ kind: "Past paper", place: "Pathology · 2019" });
    expect(first!.download).toMatch(/^\/download\/patho-2019-/);
    const head = await fetch(`${baseUrl}${first!.download}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const size = formatBytes(Number(head.headers.get("content-length")));
    expect(first!.info).toBe(`PDF, ${size} · less than K0.01 of data`);
  });

  it("widens a misspelt word and says so: 'quadratc' finds Quadratic Functions and Equations", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "quadratc", "Enter");
    expect(await page.getByText("“quadratc” also searched as “quadratic”.").isVisible()).toBe(true);
    const titles = (await resultsOn(page)).map((result) => result.title);
    expect(titles).toEqual(expect.arrayContaining(["Quadratic Functions", "Quadratic Equations"]));
    expect(titles.indexOf("Quadratic Functions")).toBeLessThan(3);
    expect(titles.indexOf("Quadratic Equations")).toBeLessThan(3);
  });

  it("reads a tab pasted into the box as a space", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "quadratic\tequations");
    expect(await statusLine(page)).toMatch(/^\d+ results? for “quadratic equations”\.$/);
    expect((await resultsOn(page))[0]?.title).toBe("Quadratic Equations");
  });

  it("gives a link that can be shared: opened fresh it shows the same results, and its head says what it is", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "patho 2019");
    const shown = await resultsOn(page);
    const fresh = await phoneWithoutJavaScript();
    await fresh.goto(page.url());
    expect(await resultsOn(fresh)).toEqual(shown);
    expect(await fresh.getByRole("searchbox", { name: "Search StudyZed" }).inputValue()).toBe(
      "patho 2019",
    );

    const head = await rawHead("/search?q=patho+2019");
    expect(head.title).toBe("Search: patho 2019 | StudyZed");
    expect(head.description).toContain("“patho 2019”");
    expect(head.ogTitle).toBe(head.title);
    expect(head.ogDescription).toBe(head.description);
    expect(head.ogUrl).toBe(`${siteUrl}/search?q=patho+2019`);
    expect(head.canonical).toBe(head.ogUrl);
  });

  it("leads from a quiz result to the quiz, ready to answer", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "enzymes quiz");
    const quiz = (await resultsOn(page)).find((result) => result.kind === "Brain Booster quiz");
    expect(quiz).toMatchObject({
      title: "Enzymes",
      href: "/enzymes",
      place: "Brain Booster · Grade 10",
    });
    await page.locator('.search-result__title a[href="/enzymes"]').click();
    await page.waitForURL((url) => url.pathname === "/enzymes");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Enzymes");
    expect(await page.locator("form.quiz").getByRole("button").count()).toBeGreaterThan(0);
  });

  it("leads from an article result to the article at /smartify/{id}", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "past papers well");
    const article = (await resultsOn(page)).find((result) => result.kind === "Smartify article");
    expect(article?.title).toBe("How to use past papers well");
    expect(article?.href).toMatch(/^\/smartify\/\d+$/);
    await page.getByRole("link", { name: "How to use past papers well", exact: true }).click();
    await page.waitForURL((url) => url.pathname === article!.href);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "How to use past papers well",
    );
  });

  it("pages through more than 20 results with plain links", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "sessional");
    const pages = page.getByRole("navigation", { name: "Results pages" });
    const [, count] = /Page 1 of (\d+)/.exec((await pages.textContent()) ?? "") ?? [];
    expect(Number(count)).toBeGreaterThan(1);
    const firstPage = await resultsOn(page);
    expect(firstPage).toHaveLength(20);
    expect(await pages.getByRole("link", { name: "Previous results" }).count()).toBe(0);

    await pages.getByRole("link", { name: "More results" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(await pages.textContent()).toContain(`Page 2 of ${count}`);
    expect(await page.locator("ol.search-results").getAttribute("start")).toBe("21");
    const secondPage = await resultsOn(page);
    // Many results share a title ("Sessional"): a file is told apart by its download address.
    const address = (result: { download: string | null; href: string }) =>
      result.download ?? result.href;
    const firstAddresses = new Set(firstPage.map(address));
    expect(secondPage).toHaveLength(20);
    expect(secondPage.filter((result) => firstAddresses.has(address(result)))).toEqual([]);

    await pages.getByRole("link", { name: "Previous results" }).click();
    await page.waitForURL((url) => !url.searchParams.has("page"));
    expect(await resultsOn(page)).toEqual(firstPage);
  });

  it("offers the sections and subject pages when nothing is found", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "zzzzqqq");
    expect(await statusLine(page)).toBe("Nothing found for “zzzzqqq”.");
    expect(await page.getByRole("heading", { name: "Browse instead" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Past papers" }).getAttribute("href")).toBe(
      "/past-papers",
    );
    await page.getByRole("link", { name: "Biology", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/tutorials/biology");
  });

  it("explains what to type, with the same suggestions, when the box is sent empty", async () => {
    const page = await phoneWithoutJavaScript();
    await searchFromHome(page, "");
    expect(
      await page
        .getByText("Type what you are looking for: a topic (quadratic functions)")
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole("status").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Browse instead" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Pathology" }).count()).toBeGreaterThan(0);
  });
});
