import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  ADMIN_PAGES,
  BUDGETS,
  classPages,
  CONTENT_PAGES,
  measurePage,
  ONE_PAGE_PER_ROUTE,
  SCRIPT_PAGES,
  SPEC_QUIZ_PAGES,
  TOPIC_QUIZ_PAGES,
} from "#bench/page-weight";
import { crawlSitePages } from "#bench/site-pages";
import { type AdminSite, serveSiteWithAdmin } from "#tests/setup/admin-site";

const baseUrl = inject("baseUrl");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The byte budgets (docs/requirements.md#light-and-offline), over the production build. Byte counts are deterministic. */
describe("byte budgets", () => {
  it.each(CONTENT_PAGES)(
    `content page %s ships at most ${kb(BUDGETS.contentPageJs)} of JavaScript and draws from ${kb(BUDGETS.contentPageFirstRender)}`,
    async (path) => {
      const weight = await measurePage(baseUrl, path);
      expect(weight.status, path).toBeLessThan(500);
      expect(weight.scripts, `${path} carries only the offline helper`).toEqual(["/offline.js"]);
      expect(weight.stylesheets, `${path} loads only the site's stylesheet`).toEqual([
        expect.stringMatching(/^\/assets\/app-[\w-]{8}\.css$/),
      ]);
      expect(
        weight.jsBytes,
        `${path} ships ${kb(weight.jsBytes)} of JavaScript, ${kb(weight.jsBytes - BUDGETS.contentPageJs)} over`,
      ).toBeLessThanOrEqual(BUDGETS.contentPageJs);
      expect(
        weight.firstRenderBytes,
        `${path} needs ${kb(weight.firstRenderBytes)} of HTML and CSS to draw, ${kb(weight.firstRenderBytes - BUDGETS.contentPageFirstRender)} over`,
      ).toBeLessThanOrEqual(BUDGETS.contentPageFirstRender);
    },
  );

  it.each(SCRIPT_PAGES)(
    `page %s ships at most ${kb(BUDGETS.scriptPageJs)} of JavaScript: a small script of its own, no React`,
    async (path) => {
      const weight = await measurePage(baseUrl, path);
      expect(weight.status, path).toBe(200);
      expect(weight.hydrates, `${path} should not start React`).toBe(false);
      // The offline helper and the page's own script (docs/decisions/0030-small-page-scripts.md).
      expect(weight.scripts).toEqual([
        "/offline.js",
        expect.stringMatching(/^\/assets\/(quiz|account-forms)-[\w-]{8}\.js$/),
      ]);
      expect(
        weight.jsBytes,
        `${path} ships ${kb(weight.jsBytes)} of JavaScript, ${kb(weight.jsBytes - BUDGETS.scriptPageJs)} over`,
      ).toBeLessThanOrEqual(BUDGETS.scriptPageJs);
    },
  );

  it("every topic's Brain Booster weighs no more than the heaviest of the spec's quiz pages", async () => {
    const spec = [];
    for (const path of SPEC_QUIZ_PAGES) spec.push(await measurePage(baseUrl, path));
    const most = {
      js: Math.max(...spec.map((weight) => weight.jsBytes)),
      firstRender: Math.max(...spec.map((weight) => weight.firstRenderBytes)),
    };
    const over: string[] = [];
    for (const path of TOPIC_QUIZ_PAGES) {
      const weight = await measurePage(baseUrl, path);
      expect(weight.status, path).toBe(200);
      if (weight.jsBytes > most.js || weight.firstRenderBytes > most.firstRender || weight.hydrates)
        over.push(`${path}: ${kb(weight.jsBytes)} JS, ${kb(weight.firstRenderBytes)} to draw`);
    }
    expect(over, `the spec's heaviest: ${kb(most.js)} JS, ${kb(most.firstRender)} to draw`).toEqual(
      [],
    );
  });

  it("My progress ships no more JavaScript than a quiz page: one small script, no React", async () => {
    const [progress, quiz] = await Promise.all([
      measurePage(baseUrl, "/progress"),
      measurePage(baseUrl, "/introduction_to_physics"),
    ]);
    expect(progress.status).toBe(200);
    expect(progress.hydrates).toBe(false);
    expect(progress.scripts).toEqual([
      "/offline.js",
      expect.stringMatching(/^\/assets\/progress-[\w-]{8}\.js$/),
    ]);
    expect(
      progress.jsBytes,
      `/progress ships ${kb(progress.jsBytes)}, the quiz page ${kb(quiz.jsBytes)}`,
    ).toBeLessThanOrEqual(quiz.jsBytes);
  });

  it(`/review stays within a quiz page's budget, ${kb(BUDGETS.scriptPageJs)}: one small script with FSRS, no React`, async () => {
    const review = await measurePage(baseUrl, "/review");
    expect(review.status).toBe(200);
    expect(review.hydrates).toBe(false);
    expect(review.scripts).toEqual([
      "/offline.js",
      expect.stringMatching(/^\/assets\/review-[\w-]{8}\.js$/),
    ]);
    expect(review.jsBytes, `/review ships ${kb(review.jsBytes)}`).toBeLessThanOrEqual(
      BUDGETS.scriptPageJs,
    );
  });

  describe("every page a student can reach", () => {
    let pages: string[] = [];
    beforeAll(async () => {
      pages = [...new Set([...(await crawlSitePages(baseUrl)), ...ONE_PAGE_PER_ROUTE])];
    });

    it(`ships no React and at most ${kb(BUDGETS.scriptPageJs)} of JavaScript`, async () => {
      // The crawl must find the pages the menu leads to, or it measures too little.
      expect(pages).toEqual(expect.arrayContaining(["/quizzes", "/past-papers", "/login"]));
      const over: string[] = [];
      for (const path of pages) {
        const weight = await measurePage(baseUrl, path);
        if (weight.hydrates || weight.jsBytes > BUDGETS.scriptPageJs) {
          over.push(`${path}: ${kb(weight.jsBytes)}${weight.hydrates ? ", starts React" : ""}`);
        }
      }
      expect(over).toEqual([]);
    });
  });

  describe("signed in as an admin", () => {
    let site: AdminSite;

    beforeAll(async () => {
      site = await serveSiteWithAdmin("budget-admin");
    });
    afterAll(async () => {
      await site?.close();
    });

    it(`the class pages draw from ${kb(BUDGETS.contentPageFirstRender)} with no script but the offline helper`, async () => {
      const post = (path: string, body: string) =>
        fetch(`${site.url}${path}`, {
          method: "POST",
          headers: {
            cookie: site.cookie,
            origin: site.url,
            "content-type": "application/x-www-form-urlencoded",
          },
          body,
          redirect: "manual",
        });
      const started = await post(
        "/classes/new",
        "name=Grade+11+Blue&subject=Biology&grade=Grade+11",
      );
      const classPath = started.headers.get("location")!;
      for (const quiz of ["cell", "enzymes", "biology-movement-of-substances"])
        await post(`${classPath}/quizzes`, `quiz=${quiz}&due=`);
      const page = await (
        await fetch(`${site.url}${classPath}`, { headers: { cookie: site.cookie } })
      ).text();
      const code = /<p class="class-code">([\w-]+)<\/p>/.exec(page)![1]!;
      for (const path of classPages(Number(classPath.split("/").pop()), code)) {
        const weight = await measurePage(site.url, path, { cookie: site.cookie });
        expect(weight.status, path).toBe(200);
        expect(weight.hydrates, path).toBe(false);
        expect(weight.scripts, path).toEqual(["/offline.js"]);
        expect(
          weight.firstRenderBytes,
          `${path} needs ${kb(weight.firstRenderBytes)} of HTML and CSS to draw`,
        ).toBeLessThanOrEqual(BUDGETS.contentPageFirstRender);
      }
    });

    it.each(ADMIN_PAGES)(
      `admin page %s ships at most ${kb(BUDGETS.adminPageJs)} of JavaScript`,
      async (path) => {
        const weight = await measurePage(site.url, path, { cookie: site.cookie });
        expect(weight.status, `${path} should open for an admin`).toBe(200);
        expect(weight.stylesheets, "the site's stylesheet, then the admin pages' own").toEqual([
          expect.stringMatching(/^\/assets\/app-[\w-]{8}\.css$/),
          expect.stringMatching(/^\/assets\/admin-[\w-]{8}\.css$/),
        ]);
        expect(
          weight.jsBytes,
          `${path} ships ${kb(weight.jsBytes)} of JavaScript, ${kb(weight.jsBytes - BUDGETS.adminPageJs)} over`,
        ).toBeLessThanOrEqual(BUDGETS.adminPageJs);
      },
    );
  });
});
