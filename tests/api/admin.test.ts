import { request } from "node:http";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGES } from "#bench/page-weight";
import { auditLog, materials } from "#database/schema";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "#tests/setup/accounts";
import { insertArticle } from "#tests/setup/article-fixtures";
import { articleFormFields, formBody, multipartBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { phonePhoto } from "#tests/setup/photo-fixtures";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";
import { corruptPdf, lockedPdf, scriptedPdf } from "#tests/setup/pdf-fixtures";

const PDF = placeholderPdf("the real Indices booklet");
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/**
 * The admin's forms post to their pages' actions, as a browser without JavaScript sends them
 * (docs/requirements.md#admin): who may post, from where, and what each form changes.
 */
describe.each(DATABASE_KINDS)("the admin forms on %s", (kind) => {
  let seeded: SeededDatabase;
  let database: SeededDatabase["database"];
  let server: RunningServer;
  let admin: string;
  let student: string;

  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    database = seeded.database;
    server = await serveSite({ database, storage: seeded.storage });
    await createTestUser(database.db, "boss", "admin");
    await createTestUser(database.db, "pupil", "student");
    await insertArticle(database.db, { title: "An article to edit" });
    admin = await sessionCookieFor(server.url, "boss");
    student = await sessionCookieFor(server.url, "pupil");
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  type Posted = { body: string | Buffer; contentType: string };
  const post = (
    path: string,
    { body, contentType }: Posted,
    { cookie, origin = server.url }: { cookie?: string; origin?: string | null } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(origin ? { origin } : {}),
        "content-type": contentType,
      },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
  const upload = (
    key: string,
    intent: "file" | "image",
    fileName: string,
    type: string,
    bytes: Buffer,
  ) =>
    post(
      `/admin/catalogue/${key}`,
      multipartBody({ intent }, [{ field: "file", fileName, type, bytes }]),
      {
        cookie: admin,
      },
    );
  const download = async (key: string) =>
    Buffer.from(await (await fetch(`${server.url}/download/${key}`)).arrayBuffer());

  const FORMS: [string, Posted][] = [
    ["/admin/articles", formBody({ intent: "publish", id: 1 })],
    ["/admin/articles/new", multipartBody(articleFormFields({ intent: "publish" }))],
    ["/admin/articles/1", multipartBody(articleFormFields({ intent: "save" }))],
    ["/admin/catalogue/mathematics-indices", formBody({ intent: "details", title: "X" })],
    [
      "/admin/catalogue/mathematics-indices",
      formBody({ intent: "link", url: "https://a.example/x.pdf", byteSize: 9 }),
    ],
    [
      "/admin/catalogue/mathematics-indices",
      multipartBody({ intent: "file" }, [
        { field: "file", fileName: "a.pdf", type: "application/pdf", bytes: PDF },
      ]),
    ],
  ];

  it.each(FORMS)(
    "POST %s sends a visitor to log in and refuses a student",
    async (path, posted) => {
      const visitor = await post(path, posted);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe(`/login?next=${encodeURIComponent(path)}`);
      const refused = await post(path, posted, { cookie: student });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("This page is for the site&#x27;s admins");
      const foreign = await post(path, posted, { cookie: admin, origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      const unsourced = await post(path, posted, { cookie: admin, origin: null });
      expect(unsourced.status).toBe(403);
      // No admin answer is kept by any cache, refusals and redirects included.
      for (const answer of [visitor, refused, foreign, unsourced])
        expect(answer.headers.get("cache-control")).toBe("no-store");
    },
  );

  it.each(ADMIN_PAGES)(
    "GET %s sends a visitor to log in, refuses a student, and is never cached",
    async (path) => {
      const visitor = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(visitor.status).toBe(302);
      const refused = await fetch(`${server.url}${path}`, { headers: { cookie: student } });
      expect(refused.status).toBe(403);
      const page = await fetch(`${server.url}${path}`, { headers: { cookie: admin } });
      expect(page.status).toBe(200);
      const put = await fetch(`${server.url}${path}`, {
        method: "PUT",
        headers: { cookie: admin, origin: server.url },
      });
      expect(put.status).toBe(405);
      for (const answer of [visitor, refused, page, put])
        expect(answer.headers.get("cache-control")).toBe("no-store");
    },
  );

  it("sets an HttpOnly, SameSite=Lax session cookie at login", async () => {
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "boss", password: TEST_PASSWORD }),
    });
    expect(response.headers.get("set-cookie")).toMatch(
      /^studyzed_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
  });

  it("ends the session at POST /logout, after which the admin forms send it to log in", async () => {
    const session = await sessionCookieFor(server.url, "boss");
    const publish = formBody({ intent: "publish", id: 1 });
    expect((await post("/admin/articles", publish, { cookie: session })).status).not.toBe(302);
    const logout = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session, origin: server.url },
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.get("set-cookie")).toMatch(/^studyzed_session=; Path=\/; Max-Age=0;/);
    expect((await post("/admin/articles", publish, { cookie: session })).status).toBe(302);
    const forged = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: admin, origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
  });

  it("refuses a cross-origin change even with an admin's cookie", async () => {
    const article = multipartBody(articleFormFields({ intent: "publish" }));
    const response = await post("/admin/articles/new", article, {
      cookie: admin,
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    const noOrigin = await post("/admin/articles/new", article, { cookie: admin, origin: null });
    expect(noOrigin.status).toBe(403);
    expect(await noOrigin.text()).toContain("This request did not come from this site.");
  });

  it("creates, publishes, unpublishes and deletes an article, each in the audit log", async () => {
    const created = await post(
      "/admin/articles/new",
      multipartBody(articleFormFields({ title: "From the admin", intent: "publish" })),
      { cookie: admin },
    );
    expect(created.status).toBe(303);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const id = Number(/saved=(\d+)$/.exec(created.headers.get("location")!)![1]);
    const list = (await (await fetch(`${server.url}/List/`)).json()) as { id: number }[];
    expect(list.at(-1)?.id).toBe(id);
    const act = (intent: string, confirmed = "") =>
      post("/admin/articles", formBody({ intent, id, confirmed }), { cookie: admin });
    const unpublished = await act("unpublish");
    expect(unpublished.status).toBe(200);
    expect(unpublished.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${server.url}/Data/${id}`)).status).toBe(404);
    expect((await act("publish")).status).toBe(200);
    // A delete is asked about first, and done only once confirmed.
    expect(await (await act("delete")).text()).toContain(
      "Delete &quot;From the admin&quot; for good?",
    );
    expect((await fetch(`${server.url}/Data/${id}`)).status).toBe(200);
    expect((await act("delete", "yes")).status).toBe(200);
    expect((await fetch(`${server.url}/Data/${id}`)).status).toBe(404);
    const actions = (
      await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(4)
    ).map((entry) => `${entry.actor} ${entry.action}`);
    expect(actions).toEqual([
      "boss article.delete",
      "boss article.publish",
      "boss article.unpublish",
      "boss article.create-published",
    ]);
  });

  it("refuses to publish an article without its first picture, intro paragraph or section, naming the fields as the form labels them", async () => {
    const fields = articleFormFields({
      title: "Half written",
      "intro.0": "",
      "groups.0.sections.4.heading": "",
      "images.0.src": "",
      "closingImage.alt": "",
      intent: "publish",
    });
    const response = await post("/admin/articles/new", multipartBody(fields), { cookie: admin });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("Not published: 4 fields to fill in or fix first.");
    for (const message of [
      "Image 1 address is missing: type one, or upload a picture.",
      "Intro paragraph 1 is missing.",
      "Section 5 heading is missing.",
      "Closing image description is missing.",
    ])
      expect(page).toContain(message);
    expect(page).not.toMatch(/\((images|intro|groups|closingImage)[,)]/);
    expect(page).toContain('value="Half written"');
  });

  it("publishes a short article: a title, one picture, one intro paragraph and one section, stamped with the moment it was published", async () => {
    const before = Date.now();
    const created = await post(
      "/admin/articles/new",
      multipartBody({
        title: "A short one",
        date: "2020-01-01",
        time: "08:00",
        "images.0.src": "/images/articles/manage-exam-stress-1.webp",
        "images.0.alt": "A desk with notes",
        "intro.0": "The only intro paragraph.",
        "groups.0.sections.0.heading": "The only section",
        "groups.0.sections.0.paragraphs.0": "Its only paragraph.",
        intent: "publish",
      }),
      { cookie: admin },
    );
    expect(created.status).toBe(303);
    const id = Number(/saved=(\d+)$/.exec(created.headers.get("location")!)![1]);
    const flat = (await (await fetch(`${server.url}/Data/${id}`)).json()) as Record<
      string,
      unknown
    >;
    // The older app's whole shape, every field not written an empty string.
    expect(Object.keys(flat)).toHaveLength(13 + 2 * 7 * 5 + 1);
    expect(flat).toMatchObject({
      title: "A short one",
      poster: "",
      secondImage: "",
      oimg: "",
      introFirst: "The only intro paragraph.",
      introSecond: "",
      fparaBoldOne: "The only section",
      firstParagraphOne: "Its only paragraph.",
      firstParagraphTwo: "",
      secondParagraphBoldSeven: "",
      secondParagraphTwentyeight: "",
    });
    expect(Object.values(flat).every((value) => typeof value === "string" || value === id)).toBe(
      true,
    );
    // Zambia time, two hours ahead of UTC: not the 08:00 a form once filled in.
    const shown = Date.parse(`${String(flat.date)}T${String(flat.time)}:00+02:00`);
    expect(shown).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
    expect(shown).toBeLessThanOrEqual(Date.now());
    const article = await (await fetch(`${server.url}/smartify/${id}`)).text();
    expect(article).toContain("The only section");
    expect(article).not.toContain("Posted by:");
  });

  it("publishes a draft from its edit page, and offers Publish only there while it is a draft", async () => {
    const created = await post(
      "/admin/articles/new",
      multipartBody({ title: "A draft to finish", intent: "draft" }),
      { cookie: admin },
    );
    const id = Number(/saved=(\d+)$/.exec(created.headers.get("location")!)![1]);
    const editor = async () =>
      (await fetch(`${server.url}/admin/articles/${id}`, { headers: { cookie: admin } })).text();
    expect(await editor()).toContain(">Save and publish</button>");
    const finished = {
      title: "A draft, finished",
      "images.0.src": "/images/articles/manage-exam-stress-1.webp",
      "images.0.alt": "A desk with notes",
      "intro.0": "Intro.",
      "groups.0.sections.0.heading": "Heading",
      "groups.0.sections.0.paragraphs.0": "Paragraph.",
    };
    const refused = await post(
      `/admin/articles/${id}`,
      multipartBody({ ...finished, "intro.0": "", intent: "publish" }),
      { cookie: admin },
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Not published: 1 field to fill in or fix first. &quot;Save&quot; keeps it as a draft.",
    );
    expect((await fetch(`${server.url}/Data/${id}`)).status).toBe(404);
    const published = await post(
      `/admin/articles/${id}`,
      multipartBody({ ...finished, intent: "publish" }),
      { cookie: admin },
    );
    expect(published.status).toBe(303);
    expect(await (await fetch(`${server.url}/Data/${id}`)).json()).toMatchObject({
      title: "A draft, finished",
    });
    expect(await editor()).not.toContain(">Save and publish</button>");
    const [logged] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(logged).toMatchObject({ action: "article.update-published", target: `article ${id}` });
  });

  it("keeps a draft with only a title away from /List/ and /Data/ until it is complete and published", async () => {
    const listBefore = await (await fetch(`${server.url}/List/`)).text();
    const created = await post(
      "/admin/articles/new",
      multipartBody({ title: "Only a title", intent: "draft" }),
      { cookie: admin },
    );
    expect(created.status).toBe(303);
    const id = Number(/saved=(\d+)$/.exec(created.headers.get("location")!)![1]);
    expect(await (await fetch(`${server.url}/List/`)).text()).toBe(listBefore);
    expect((await fetch(`${server.url}/Data/${id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/smartify/${id}`)).status).toBe(404);

    const publish = () =>
      post("/admin/articles", formBody({ intent: "publish", id }), { cookie: admin });
    const refused = await publish();
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Not published: &quot;Only a title&quot; has 5 fields to fill in");
    expect(page).toContain(`href="/admin/articles/${id}#article-images.0.src"`);
    expect(await (await fetch(`${server.url}/List/`)).text()).toBe(listBefore);

    const saved = await post(
      `/admin/articles/${id}`,
      multipartBody(articleFormFields({ title: "Now complete", intent: "save" })),
      { cookie: admin },
    );
    expect(saved.status).toBe(303);
    expect((await fetch(`${server.url}/Data/${id}`)).status).toBe(404);
    expect((await publish()).status).toBe(200);
    const published = (await (await fetch(`${server.url}/Data/${id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(published).toMatchObject({ id, title: "Now complete", introSecond: "Intro two." });
  });

  it("refuses to save a published article with a part left blank, and changes nothing", async () => {
    const id = await insertArticle(database.db, { title: "Published and whole" });
    const before = await (await fetch(`${server.url}/Data/${id}`)).text();
    const response = await post(
      `/admin/articles/${id}`,
      multipartBody(articleFormFields({ title: "Emptied", "intro.0": "", intent: "save" })),
      { cookie: admin },
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("this article is published, so 1 field must be filled in or fixed");
    expect(page).toContain("Intro paragraph 1 is missing.");
    expect(await (await fetch(`${server.url}/Data/${id}`)).text()).toBe(before);
  });

  it("sends students only copies of an uploaded photo made for each place, at 1x and 2x, and keeps the original for the owner", async () => {
    const photo = await phonePhoto();
    const created = await post(
      "/admin/articles/new",
      multipartBody(
        articleFormFields({
          title: "With a phone photo",
          "images.0.src": "",
          "closingImage.src": "",
          intent: "publish",
        }),
        [
          { field: "images.0.file", fileName: "IMG_1.jpg", type: "image/jpeg", bytes: photo },
          { field: "closingImage.file", fileName: "IMG_1.jpg", type: "image/jpeg", bytes: photo },
        ],
      ),
      { cookie: admin },
    );
    expect(created.status).toBe(303);
    const id = Number(/saved=(\d+)$/.exec(created.headers.get("location")!)![1]);
    const editor = await (
      await fetch(`${server.url}/admin/articles/${id}`, { headers: { cookie: admin } })
    ).text();
    const original = /value="(\/files\/[0-9a-f]{64}\.jpg)"/.exec(editor)![1]!;
    const served = await fetch(`${server.url}${original}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

    const pictures = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).not.toContain(original);
      return [...html.matchAll(/<img[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => tag.includes("/files/"))
        .map((tag) => ({
          src: /src="([^"]+)"/.exec(tag)![1]!,
          srcSet: /srcSet="([^"]+)"/i.exec(tag)?.[1],
          width: /width="(\d+)"/.exec(tag)![1],
          loading: /loading="(\w+)"/.exec(tag)![1],
        }));
    };
    const size = async (address: string) => {
      const response = await fetch(`${server.url}${address}`);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      return `${width}x${height}`;
    };
    const expectSized = async (
      picture: { src: string; srcSet: string | undefined },
      oneX: string,
      twoX: string,
    ) => {
      const [, twoXAddress] = /^(\S+) 1x, (\S+) 2x$/.exec(picture.srcSet!)!.slice(1);
      expect(picture.srcSet).toMatch(
        new RegExp(`^${picture.src} 1x, /files/[0-9a-f]{64}\\.webp 2x$`),
      );
      expect(await size(picture.src)).toBe(oneX);
      expect(await size(twoXAddress!)).toBe(twoX);
    };
    const [listed] = await pictures("/smartify");
    expect(listed).toMatchObject({ width: "300", loading: "eager" });
    await expectSized(listed!, "300x200", "600x400");
    const shown = await pictures(`/smartify/${id}`);
    expect(shown.map(({ width, loading }) => `${width} ${loading}`)).toEqual([
      "270 eager",
      "270 lazy",
    ]);
    for (const picture of shown) await expectSized(picture, "270x180", "540x360");
  });

  it("refuses a picture that is not one, and shows the article again as typed", async () => {
    const fields = articleFormFields({ title: "With a bad picture", intent: "draft" });
    const html = Buffer.from("<html><script>alert(1)</script></html>".repeat(10));
    const png = await sharp({
      create: { width: 90, height: 60, channels: 3, background: "#3a6" },
    })
      .png()
      .toBuffer();
    const posted = multipartBody(fields, [
      { field: "images.0.file", fileName: "x.png", type: "image/png", bytes: html },
      { field: "closingImage.file", fileName: "y.png", type: "image/png", bytes: png },
    ]);
    const response = await post("/admin/articles/new", posted, { cookie: admin });
    expect(response.status).toBe(415);
    const page = await response.text();
    expect(page).toContain("That file is not a PNG, JPEG or WebP image.");
    expect(page).toContain('value="With a bad picture"');
    // The good picture, after the bad one, was still taken in: its address is in the form.
    expect(page).toMatch(/value="\/files\/[0-9a-f]{64}\.png"/);
  });

  it("replaces a booklet: the download then serves the new bytes under the catalogue's name", async () => {
    const nameBefore = (
      await fetch(`${server.url}/download/mathematics-indices`, { method: "HEAD" })
    ).headers.get("content-disposition");
    expect(nameBefore).toContain('filename="Mathematics - Indices (Grade Ten).pdf"');
    const response = await upload(
      "mathematics-indices",
      "file",
      "Indices (real).pdf",
      "application/pdf",
      PDF,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "The new file is in place. Uploaded Indices (real).pdf, 4 KB. Students download it as &quot;Mathematics – Indices (Grade Ten).pdf&quot;.",
    );
    const downloaded = await fetch(`${server.url}/download/mathematics-indices`);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(PDF);
    expect(downloaded.headers.get("content-disposition")).toBe(nameBefore);
  });

  it("keeps a past paper's download name through every replacement, whatever the uploaded file was called", async () => {
    const name = () =>
      fetch(`${server.url}/download/patho-2019-test-1`, { method: "HEAD" }).then((answer) =>
        answer.headers.get("content-disposition"),
      );
    const before = await name();
    expect(before).toContain('filename="Pathology 2019 Test 1.pdf"');
    for (const uploaded of ["IMG_2931 (1).pdf", "scan.pdf"]) {
      const bytes = Buffer.concat([PDF, Buffer.from(uploaded)]);
      expect(
        (await upload("patho-2019-test-1", "file", uploaded, "application/pdf", bytes)).status,
      ).toBe(200);
      expect(await name()).toBe(before);
    }
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry?.details).toMatchObject({
      fileName: "scan.pdf",
      downloadName: "Pathology 2019 Test 1.pdf",
    });
  });

  it("refuses a PDF students could not use, saying why, and keeps the old file", async () => {
    const before = await download("mathematics-indices");
    const refusals: [Uint8Array, string][] = [
      [
        await scriptedPdf(),
        "it carries a script or a program to launch, which the site never serves",
      ],
      [await lockedPdf(), "it is locked with a password, so students could not open it"],
      [await corruptPdf(), "it is damaged: it could not be read as a PDF"],
    ];
    for (const [bytes, reason] of refusals) {
      const response = await upload(
        "mathematics-indices",
        "file",
        "booklet.pdf",
        "application/pdf",
        Buffer.from(bytes),
      );
      expect(response.status).toBe(422);
      expect(await response.text()).toContain(`That PDF is not taken: ${reason}.`);
    }
    expect(await download("mathematics-indices")).toEqual(before);
  });

  it("refuses an executable renamed .pdf and keeps the old file", async () => {
    const before = await download("mathematics-indices");
    const program = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00"),
      Buffer.alloc(2000, 0),
    ]);
    const response = await upload(
      "mathematics-indices",
      "file",
      "notes.pdf",
      "application/pdf",
      program,
    );
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("That file is not a PDF.");
    expect(await download("mathematics-indices")).toEqual(before);
  });

  it("keeps the old file when an upload is cut off half-way", async () => {
    const before = await download("mathematics-indices");
    const { body, contentType } = multipartBody({ intent: "file" }, [
      {
        field: "file",
        fileName: "half.pdf",
        type: "application/pdf",
        bytes: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, "y")]),
      },
    ]);
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const outgoing = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/admin/catalogue/mathematics-indices",
        headers: {
          cookie: admin,
          origin: server.url,
          "content-type": contentType,
          "content-length": body.byteLength,
        },
      });
      outgoing.on("error", () => resolve());
      outgoing.on("response", (response) => {
        response.resume();
        resolve();
      });
      outgoing.write(body.subarray(0, body.byteLength / 2), () =>
        setTimeout(() => outgoing.destroy(), 100),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await download("mathematics-indices")).toEqual(before);
    const [latest] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(latest?.details).not.toMatchObject({ fileName: "half.pdf" });
  });

  it("replaces a cover picture with its WebP at the size a book is shown, served at its hash", async () => {
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    const response = await upload(
      "book-grade-12-physics-made-easy",
      "image",
      "cover.png",
      "image/png",
      photo,
    );
    expect(response.status).toBe(200);
    const [material] = await database.db
      .select({ image: materials.image })
      .from(materials)
      .where(eq(materials.key, "book-grade-12-physics-made-easy"));
    expect(material!.image).toMatch(/^\/files\/[0-9a-f]{64}\.webp$/);
    const image = await fetch(`${server.url}${material!.image}`);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const served = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(["webp", 480, 360]);
    const damaged = await upload(
      "book-grade-12-physics-made-easy",
      "image",
      "cover.png",
      "image/png",
      PNG,
    );
    expect(damaged.status).toBe(415);
    expect(await damaged.text()).toContain("That picture could not be read: it may be damaged.");
    const pdfAsImage = await upload(
      "book-grade-12-physics-made-easy",
      "image",
      "cover.png",
      "image/png",
      PDF,
    );
    expect(pdfAsImage.status).toBe(415);
  });

  it("edits a material's fields, and sets an external link with its size", async () => {
    const details = formBody({ intent: "details", title: "Sets and Venn Diagrams", isFree: "on" });
    const edit = await post("/admin/catalogue/mathematics-sets", details, { cookie: admin });
    expect(edit.status).toBe(200);
    const [material] = await database.db
      .select({ title: materials.title, isFree: materials.isFree })
      .from(materials)
      .where(eq(materials.key, "mathematics-sets"));
    expect(material).toEqual({ title: "Sets and Venn Diagrams", isFree: true });
    const audit = await (
      await fetch(`${server.url}/admin/audit`, { headers: { cookie: admin } })
    ).text();
    expect(audit).toMatch(
      /<li>\S+ changed the title of Mathematics Sets and Venn Diagrams from “Sets” to “Sets and Venn Diagrams”, the price from 4 ZMW to Free, the grade from Ten to none and the Brain Booster from mathematics-sets to none, \d{1,2} \w{3} \d{4} \d\d:\d\d UTC\.<\/li>/,
    );
    const insecure = formBody({
      intent: "link",
      url: "http://insecure.example/a.pdf",
      byteSize: 10,
    });
    expect(
      (await post("/admin/catalogue/mathematics-sets", insecure, { cookie: admin })).status,
    ).toBe(400);
    const good = formBody({
      intent: "link",
      url: "https://files.example/sets.pdf",
      byteSize: 1_200_000,
    });
    expect((await post("/admin/catalogue/mathematics-sets", good, { cookie: admin })).status).toBe(
      200,
    );
    const downloaded = await fetch(`${server.url}/download/mathematics-sets`, {
      redirect: "manual",
    });
    expect(downloaded.headers.get("location")).toBe("https://files.example/sets.pdf");
  });
});
