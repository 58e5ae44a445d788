import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "#database/schema";
import { insertArticle } from "#tests/setup/article-fixtures";
import { rawGet, TEST_CONFIG, type RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import { DATABASE_KINDS } from "#tests/setup/test-database";

const YEAR = "public, max-age=31536000, immutable";

describe.each(DATABASE_KINDS)("share cards and link previews on %s", (kind) => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  let articleId: number;
  let draftId: number;

  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    articleId = await insertArticle(seeded.database.db, {
      title: "How to revise <well> & keep calm",
    });
    draftId = await insertArticle(seeded.database.db, { title: "Not yet", published: false });
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  /** The head's tags as a link-preview robot reads them: the raw HTML, no script run. */
  async function previewOf(path: string) {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head)?.[1];
    return {
      image: meta("og:image"),
      type: meta("og:image:type"),
      width: meta("og:image:width"),
      height: meta("og:image:height"),
      alt: meta("og:image:alt"),
      twitterImage: meta("twitter:image"),
    };
  }

  /** The site's own address for a picture the head names under SITE_URL. */
  const onServer = (url: string) => {
    expect(url.startsWith(TEST_CONFIG.siteUrl), url).toBe(true);
    return `${server.url}${url.slice(TEST_CONFIG.siteUrl.length)}`.replace(/&amp;/g, "&");
  };

  async function pixelsOf(response: Response) {
    return sharp(Buffer.from(await response.arrayBuffer())).metadata();
  }

  it.each([
    "/",
    "/books",
    "/tutorials/biology",
    "/tutorials/patho",
    "/tutorials/BI110",
    "/videos",
    "/introduction_to_biology",
    "/smartify",
    "/about",
    "/nothing/here",
  ])(
    "%s names a PNG or JPEG preview, with the type and pixel size it is served at",
    async (path) => {
      const preview = await previewOf(path);
      expect(preview.type).toMatch(/^image\/(png|jpeg)$/);
      expect(preview.alt?.length).toBeGreaterThan(5);
      expect(preview.twitterImage).toBe(preview.image);
      const response = await fetch(onServer(preview.image!));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(preview.type);
      const { width, height } = await pixelsOf(response);
      expect([String(width), String(height)]).toEqual([preview.width, preview.height]);
    },
  );

  it("gives an article page its own card, drawn as a 1200 × 630 PNG kept for a year", async () => {
    const preview = await previewOf(`/smartify/${articleId}`);
    expect(preview.image).toMatch(
      new RegExp(`^${TEST_CONFIG.siteUrl}/share/article/${articleId}\\.png\\?v=[0-9a-f]{16}$`),
    );
    expect(preview.alt).toBe("How to revise &lt;well&gt; &amp; keep calm (Smartify) on StudyZed");
    const response = await fetch(onServer(preview.image!));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe(YEAR);
    expect(response.headers.get("etag")).toBe(`"${new URL(preview.image!).searchParams.get("v")}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const { format, width, height } = await pixelsOf(response);
    expect({ format, width, height }).toEqual({ format: "png", width: 1200, height: 630 });
  });

  it("gives each subject, medical subject and course page its own card", async () => {
    for (const slug of ["mathematics", "thera", "CS110"]) {
      const preview = await previewOf(`/tutorials/${slug}`);
      expect(preview.image, slug).toMatch(
        new RegExp(`^${TEST_CONFIG.siteUrl}/share/subject/${slug}\\.png\\?v=[0-9a-f]{16}$`),
      );
      const response = await fetch(onServer(preview.image!));
      expect(response.headers.get("cache-control"), slug).toBe(YEAR);
      const { width, height } = await pixelsOf(response);
      expect({ width, height }, slug).toEqual({ width: 1200, height: 630 });
    }
  });

  it("answers 304 to a client that already has the card", async () => {
    const first = await fetch(`${server.url}/share/subject/physics.png`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await rawGet(`${server.url}/share/subject/physics.png`, {
      "If-None-Match": etag,
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it("draws a new card once the title is edited; the old version's address gets the new one", async () => {
    const id = await insertArticle(seeded.database.db, { title: "Revise in short bursts" });
    const address = `${server.url}/share/article/${id}.png`;
    const before = await fetch(address);
    await seeded.database.db
      .update(articles)
      .set({ title: "Revise in short, regular bursts" })
      .where(eq(articles.id, id));
    const oldVersion = before.headers.get("etag")!.replace(/"/g, "");
    const after = await fetch(`${address}?v=${oldVersion}`);
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    // The old version's address now shows another picture: it may not be kept for a year.
    expect(after.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  it.each([
    "/share/article/999999.png",
    "/share/article/0.png",
    "/share/article/abc.png",
    "/share/article/99999999999999999999.png",
    "/share/article/1.jpg",
    "/share/subject/astrology.png",
    "/share/subject/PATHO.png",
    "/share/subject/..%2Fpatho.png",
    "/share/subject/patho",
    "/share/nothing/patho.png",
  ])("%s names no card and answers the not-found screen with 404", async (path) => {
    const response = await rawGet(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^(text\/html|application\/json)/);
  });

  it("keeps a draft's card hidden, as its page is", async () => {
    const response = await fetch(`${server.url}/share/article/${draftId}.png`);
    expect(response.status).toBe(404);
  });
});
