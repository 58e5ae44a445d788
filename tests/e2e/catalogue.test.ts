import { readFile } from "node:fs/promises";
import { describe, expect, inject, it } from "vitest";
import { formatBytes } from "#app/features/downloads/describe-download";
import { browserSessionPerFile } from "#tests/setup/browser";

const session = browserSessionPerFile();
const baseUrl = inject("baseUrl");

const CATALOGUE_PAGES = [
  ["/", "Study smart. Pass with pride."],
  ["/books", "Books"],
  ["/tutorials", "Grade 10 - 12"],
  ["/tutorials/senior", "Grade 10 - 12"],
  ["/tutorials/first-year", "First year"],
  ["/tutorials/med", "Second-year medicine"],
  ["/tutorials/advanced", "Advanced"],
  ["/tutorials/biology", "Biology"],
  ["/tutorials/chemistry", "Chemistry"],
  ["/tutorials/english", "English"],
  ["/tutorials/mathematics", "Mathematics"],
  ["/tutorials/physics", "Physics"],
  ...[
    "bioch",
    "histo",
    "labsc",
    "publi",
    "embry",
    "gross",
    "socie",
    "patho",
    "physi",
    "clini",
    "thera",
  ].map((slug) => [`/tutorials/${slug}`, / past papers$/] as const),
  ...["BI110", "CH110", "PH110", "MA110", "CS110", "LA111"].map(
    (code) => [`/tutorials/${code}`, new RegExp(`^${code} `)] as const,
  ),
  ["/videos", "Videos"],
  ["/podcasts", "Podcasts"],
] as const;

describe("the catalogue pages", () => {
  it.each(CATALOGUE_PAGES)("%s renders from the server with its heading", async (path, heading) => {
    const response = await fetch(`${baseUrl}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<!-- -->/g, "");
    if (typeof heading === "string") expect(h1).toBe(heading);
    else expect(h1).toMatch(heading);
    expect(html).toMatch(/<title>[^<]+ \| StudyZed<\/title>/);
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:${new URL(baseUrl).port}${path === "/" ? "/" : path}"/>`,
    );
  });

  it.each([
    ["/biology", "/tutorials/biology"],
    ["/chemistry", "/tutorials/chemistry"],
    ["/english", "/tutorials/english"],
    ["/mathematics", "/tutorials/mathematics"],
    ["/physics", "/tutorials/physics"],
    ["/LA111", "/tutorials/LA111"],
    ["/tutorials/bi110", "/tutorials/BI110"],
  ])("%s answers 301 to %s", async (from, to) => {
    const response = await fetch(`${baseUrl}${from}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it("answers an unknown subject and an unknown download with the 404 page", async () => {
    for (const path of ["/tutorials/astrology", "/download/no-such-file"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(
        "Error: Page not found or the url you entered has been removed",
      );
    }
  });

  it.each([
    "/",
    "/books",
    "/tutorials/mathematics",
    "/tutorials/biology",
    "/tutorials/patho",
    "/tutorials/physi",
    "/tutorials/MA110",
    "/videos",
    "/podcasts",
  ])("every download link on %s shows a size that matches the bytes served", async (path) => {
    const page = await session.newPage();
    await page.goto(path);
    const shown = await page.$$eval(".download-info", (infos) =>
      infos.map((info) => {
        const container = info.closest("li") ?? info.parentElement!;
        const link = container.querySelector<HTMLAnchorElement>('a[href^="/download/"]');
        return { href: link?.getAttribute("href") ?? null, text: info.textContent ?? "" };
      }),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const { href, text } of shown) {
      expect(href, text).not.toBeNull();
      const response = await fetch(`${baseUrl}${href}`, { method: "HEAD" });
      expect(response.status, href!).toBe(200);
      const size = formatBytes(Number(response.headers.get("content-length")));
      expect(text, href!).toMatch(
        new RegExp(`^(PDF|Audio|Video|File), ${size.replace(".", "\\.")}( · |$)`),
      );
    }
  });

  it("sizes every image and loads those below the fold lazily", async () => {
    const page = await session.newPage();
    await page.goto("/tutorials/biology");
    const images = await page.$$eval("main img", (nodes) =>
      nodes.map((img) => ({
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        src: img.getAttribute("src"),
      })),
    );
    expect(images.length).toBeGreaterThan(10);
    for (const image of images) {
      expect(image.width).toBe("132");
      expect(image.height).toBe("187");
      expect(image.src).toMatch(/\.webp$/);
    }
    expect(images.slice(2).every((image) => image.loading === "lazy")).toBe(true);
  });

  it("plays nothing and preloads nothing on the videos and podcasts pages until asked", async () => {
    const page = await session.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto("/videos");
    await page.goto("/podcasts");
    await page.waitForLoadState("networkidle");
    expect(
      requested.filter((path) => path.startsWith("/media/") || path.startsWith("/download/")),
    ).toEqual([]);
    expect(await page.locator("audio[preload=none]").count()).toBe(2);
  });
});

describe("a student", () => {
  it("opens /tutorials, goes to mathematics and downloads the Indices booklet", async () => {
    const page = await session.newPage({ acceptDownloads: true });
    await page.goto("/tutorials");
    await page.getByRole("link", { name: "Mathematics" }).click();
    await page.waitForURL("**/tutorials/mathematics");
    const indices = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Indices", exact: true }) });
    expect(await indices.getByText("FREE").count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      indices.getByRole("link", { name: "Download the Indices booklet" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Mathematics – Indices (Grade Ten).pdf");
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain("Sample");
  });

  it("reads a topic's subtopics on its card and finds its booklet by one of them", async () => {
    const page = await session.newPage();
    await page.goto("/tutorials/biology");
    const movement = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "Movement of Substances in and out of Cells" }),
    });
    expect(await movement.locator(".topic__subtopics").textContent()).toBe(
      "Diffusion, osmosis, active transport, concentration gradient, partially permeable membrane, turgor, plasmolysis, crenation",
    );
    await page.locator(".site-header").getByRole("searchbox", { name: "Search" }).fill("osmosis");
    await page.locator(".site-header").getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/search");
    const first = page.locator(".search-result").first();
    expect(await first.locator(".search-result__kind").textContent()).toBe("Tutorial booklet");
    expect(await first.locator(".search-result__title").textContent()).toBe(
      "Movement of Substances in and out of Cells",
    );
    expect(await first.locator(".search-result__summary").textContent()).toMatch(
      /^Diffusion, osmosis, active transport/,
    );
  });
});
