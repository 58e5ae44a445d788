import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveSiteWithAdmin, type AdminSite } from "#tests/setup/admin-site";

/**
 * Which pages carry `<meta name="robots" content="noindex">`, exactly as docs/requirements.md
 * ("Page heads") lists them; every other page is left to search engines.
 */
const HIDDEN = [
  "/images",
  "/search?q=cell",
  "/saved",
  "/offline",
  "/offline/search",
  "/account",
  "/account/deleted",
  "/admin",
  "/admin/articles",
  "/admin/catalogue",
  "/admin/audit",
  "/no-such-page",
  "/tutorials/no-such-subject",
];

const INDEXED = [
  "/",
  "/books",
  "/app",
  "/tutorials",
  "/tutorials/senior",
  "/tutorials/first-year",
  "/tutorials/med",
  "/tutorials/advanced",
  "/tutorials/biology",
  "/tutorials/patho",
  "/tutorials/BI110",
  "/past-papers",
  "/quizzes",
  "/videos",
  "/podcasts",
  "/smartify",
  "/smartify/1",
  "/about",
  "/login",
  "/register",
  "/progress",
  "/progress/cell",
  "/introduction_to_biology",
  "/the_cell",
];

describe("the pages hidden from search engines", () => {
  let site: AdminSite;
  beforeAll(async () => {
    site = await serveSiteWithAdmin("robots_admin");
  });
  afterAll(() => site?.close());

  // Signed in, so that the account and admin pages answer with themselves.
  const noindexOf = async (path: string) => {
    const response = await fetch(`${site.url}${path}`, { headers: { cookie: site.cookie } });
    expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
    return /<meta name="robots" content="noindex"\/?>/.test(await response.text());
  };

  it.each(HIDDEN)("keeps %s out of search engines", async (path) => {
    expect(await noindexOf(path)).toBe(true);
  });

  it.each(INDEXED)("leaves %s to search engines", async (path) => {
    expect(await noindexOf(path)).toBe(false);
  });

  it("keeps an error screen out of search engines", async () => {
    const response = await fetch(`${site.url}/books`, { method: "PUT" });
    expect(response.status).toBe(405);
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex"\/?>/);
  });
});
