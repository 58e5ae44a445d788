import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { insertArticle } from "#tests/setup/article-fixtures";
import { formBody } from "#tests/setup/forms";
import { rawGet, type RunningServer } from "#tests/setup/http";
import { createSearchableDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { CONTROL_CHARACTERS } from "#app/lib/text-rules";

const SHORTENED = "Only the first 8 words and 200 characters were searched.";

/**
 * What students, broken links and scripts put after /search?, each sent exactly as written
 * (docs/security.md#input). Each label names what was sent, so a failure says which.
 */
const HOSTILE_QUERIES: [label: string, query: string][] = [
  ["no q at all", ""],
  ["an empty q", "q="],
  ["only spaces", "q=+++"],
  ["1,000 characters", `q=${"quadratic+".repeat(100)}`],
  ["a 10 KB query string", `q=${"cell+".repeat(2000)}`],
  ["a NUL byte", "q=cell%00s"],
  ["a bell", "q=bell%07cell"],
  ["line breaks", "q=quadratic%0D%0Aequations%0A"],
  ["a tab, as a pasted table sends it", "q=quadratic%09equations"],
  ["tsquery operators", "q=a+%26+%7C+!+%3A*+%3C-%3E+(cell"],
  ["quotes and backslashes", "q=%22cell%22+%27cell%27+%5C%5Ccell%5C"],
  ["SQL", "q=%27%3B+drop+table+users%3B+--"],
  ["emoji", "q=%F0%9F%98%80+cell+%F0%9F%91%8D%F0%9F%8F%BD"],
  ["Arabic digits", "q=patho+%D9%A2%D9%A0%D9%A1%D9%A9"],
  ["CJK", "q=%E7%BB%86%E8%83%9E+%E4%B8%AD%E6%96%87"],
  ["combining marks", "q=ce%CC%81%CC%81%CC%81%CC%81ll"],
  ["a lone surrogate", "q=%ED%A0%80cell"],
  ["a broken escape", "q=cell%E0%A4%A"],
  ["a bare percent sign", "q=%25%"],
  ["repeated q", "q=zzzzqqq&q=cell"],
  ["q as an array", "q[]=cell&q[x]=admin"],
  ["page=0", "q=cell&page=0"],
  ["page=-1", "q=cell&page=-1"],
  ["page=99999", "q=cell&page=99999"],
  ["page=abc", "q=cell&page=abc"],
  ["page=1.5", "q=cell&page=1.5"],
  ["page=1e3", "q=cell&page=1e3"],
  ["a page and no q", "page=2"],
];

/** The results page's main text, tags and scripts left out, entities read. */
function mainText(html: string): string {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The addresses the results link to, in order. */
function resultLinks(html: string): string[] {
  return [...html.matchAll(/<h2 class="search-result__title"><a href="([^"]*)"/g)].map(
    (match) => match[1]!,
  );
}

describe.each(DATABASE_KINDS)("/search asked over HTTP on %s", (kind) => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  let admin: string;

  beforeAll(async () => {
    seeded = await createSearchableDatabase(kind);
    const { db } = seeded.database;
    await createTestUser(db, "searchboss", "admin");
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
    admin = await sessionCookieFor(server.url, "searchboss");
  });
  afterAll(async () => {
    await server?.close();
    await seeded?.destroy();
  });

  const search = (query: string) => rawGet(`${server.url}/search${query ? `?${query}` : ""}`);

  it.each(HOSTILE_QUERIES)(
    "answers %s with the search page, never an error",
    async (_label, query) => {
      const { status, headers, body } = await search(query);
      expect(status).toBe(200);
      expect(headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(body).toContain('<h1 id="search-heading">Search</h1>');
      // What was typed comes back without control characters, in the page and its title.
      const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
      expect(title).toMatch(/^Search(: .+)? \| StudyZed$/);
      expect(`${title} ${mainText(body)}`).not.toMatch(CONTROL_CHARACTERS);
    },
  );

  it("shows a <script> query as text, never as a tag, in the page and its head", async () => {
    const { body } = await search(
      "q=%3Cscript%3Ealert(1)%3C%2Fscript%3E%3Cimg+src%3Dx+onerror%3Dalert(2)%3E",
    );
    expect(body).not.toContain("<script>alert");
    expect(body).not.toContain("<img src=x");
    expect(body).toContain("<title>Search: &lt;script&gt;alert(1)&lt;/script&gt;&lt;img");
    expect(body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x');
    expect(mainText(body)).toContain("for “<script>alert(1)</script><img src=x onerror=alert(2)>”");
  });

  it("reads control characters as spaces, so a pasted tab or line break still finds", async () => {
    for (const query of ["q=quadratic%09equations", "q=quadratic%0D%0Aequations"]) {
      const { body } = await search(query);
      expect(mainText(body), query).toMatch(/\d+ results? for “quadratic equations”\./);
      expect(resultLinks(body)[0], query).toBe("/tutorials/mathematics#grade-11");
    }
    expect(mainText((await search("q=cell%00s")).body)).toContain("for “cell s”");
  });

  it("searches only the first 8 words and 200 characters, and says so", async () => {
    const long = await search(`q=${"quadratic+".repeat(100)}`);
    expect(mainText(long.body)).toContain(SHORTENED);
    const box = /<input id="search-page-query"[^>]* value="([^"]*)"/.exec(long.body)?.[1];
    expect(box?.length).toBeLessThanOrEqual(200);
    expect(box).toMatch(/^quadratic( quadratic)+$/);

    const nineWords = await search("q=one+two+three+four+five+six+seven+eight+nine");
    expect(mainText(nineWords.body)).toContain(SHORTENED);
    const eightWords = await search("q=one+two+three+four+five+six+seven+eight");
    expect(mainText(eightWords.body)).not.toContain(SHORTENED);
    expect(mainText((await search("q=cell")).body)).not.toContain(SHORTENED);
  });

  it("uses the first q when there are several", async () => {
    const { body } = await search("q=zzzzqqq&q=cell");
    expect(mainText(body)).toContain("Nothing found for “zzzzqqq”.");
  });

  it("shows the first page for a page number that is not a page, and for one past the last", async () => {
    const pageOf = (body: string) => /Page (\d+) of (\d+)/.exec(mainText(body))?.slice(1);
    const first = await search("q=sessional");
    const [, lastPage] = pageOf(first.body)!;
    expect(Number(lastPage)).toBeGreaterThan(1);
    for (const page of ["0", "-1", "abc", "1.5", "99999", String(Number(lastPage) + 1)]) {
      const { body } = await search(`q=sessional&page=${page}`);
      expect(pageOf(body), page).toEqual(["1", lastPage]);
      expect(resultLinks(body), page).toEqual(resultLinks(first.body));
      expect(body, page).toContain(
        '<link rel="canonical" href="http://localhost:3000/search?q=sessional"/>',
      );
    }
    const second = await search("q=sessional&page=2");
    expect(pageOf(second.body)).toEqual(["2", lastPage]);
    expect(resultLinks(second.body)).not.toEqual(resultLinks(first.body));
  });

  it("keeps to the entries with every word on a page past the last, and pages through those with most words", async () => {
    const everyWord = await search("q=sessional+pathology&page=9");
    expect(mainText(everyWord.body)).toMatch(/\d+ results for “sessional pathology”\. /);
    expect(mainText(everyWord.body)).toContain("Page 1 of");

    const mostWords = mainText((await search("q=sessional+zzzzqqq&page=2")).body);
    expect(mostWords).toMatch(
      /\d+ results for “sessional zzzzqqq”, none with every word: those with the most come first\./,
    );
    expect(mostWords).toContain("Page 2 of");
  });

  it("never finds a draft, finds it once published and loses it once unpublished, close spellings included", async () => {
    const id = await insertArticle(seeded.database.db, {
      title: "The okapimbuzi method of revision",
      keywords: ["okapimbuzi"],
      published: false,
    });
    const finds = async (query: string) => {
      const { body } = await search(`q=${query}`);
      return {
        links: resultLinks(body),
        text: mainText(body),
      };
    };
    const act = (intent: "publish" | "unpublish") => {
      const { body, contentType } = formBody({ intent, id });
      return fetch(`${server.url}/admin/articles`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: admin, origin: server.url, "content-type": contentType },
        body,
      });
    };

    const draft = await finds("okapimbuzi");
    expect(draft.links).toEqual([]);
    expect(draft.text).toContain("Nothing found for “okapimbuzi”.");
    expect((await finds("okapimbuzo")).text).not.toContain("okapimbuzi");

    expect((await act("publish")).status).toBe(200);
    expect((await finds("okapimbuzi")).links).toEqual([`/smartify/${id}`]);
    expect((await finds("okapimbuzo")).text).toContain(
      "“okapimbuzo” also searched as “okapimbuzi”.",
    );

    expect((await act("unpublish")).status).toBe(200);
    const unpublished = await finds("okapimbuzi");
    expect(unpublished.links).toEqual([]);
    expect(unpublished.text).toContain("Nothing found for “okapimbuzi”.");
    // A word only an unpublished article held is no longer offered as a close spelling.
    expect((await finds("okapimbuzo")).text).not.toContain("okapimbuzi");
  });

  it("offers no web address from an article as a close spelling, and answers a word near one", async () => {
    const id = await insertArticle(seeded.database.db, {
      title: "Notes kept online",
      intro: ["See www.okapisite.com:443/notes?a=1&b=(2) for more.", "Two.", "Three.", "Four."],
    });
    const { status, body } = await search("q=okapisite");
    expect(status).toBe(200);
    expect(mainText(body)).toContain("Nothing found for “okapisite”.");
    expect(mainText(body)).not.toContain("also searched as");
    expect((await search("q=notes+kept")).body).toContain(`href="/smartify/${id}"`);
  });

  it.each(["admin", "users", "password", "admin articles", "login", "dashboard"])(
    "finds no admin page for %s",
    async (query) => {
      const { status, body } = await search(`q=${encodeURIComponent(query)}`);
      expect(status).toBe(200);
      for (const link of resultLinks(body)) expect(link).not.toMatch(/^\/(admin|api)\b/);
      const main = body.slice(body.indexOf("<main"), body.indexOf("</main>"));
      expect(main).not.toMatch(/href="\/admin/);
    },
  );
});
