import { request } from "node:http";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { auditLog } from "#database/schema";
import { fullArticle } from "#tests/setup/article-fixtures";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";

const { images, intro, groups, closingImage, keywords, title, date, time, poster, position } =
  fullArticle();
const ARTICLE = {
  title,
  date,
  time,
  poster,
  position,
  images,
  intro,
  groups: groups.map((sections) => ({ sections })),
  closingImage,
  keywords,
};
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n"),
  Buffer.alloc(4000, "x"),
  Buffer.from("\n%%EOF\n"),
]);

function multipart(file: Buffer, fileName: string) {
  const boundary = "----studyzedtest";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DATABASE_KINDS)("the admin calls on %s", (kind) => {
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
    admin = await sessionCookieFor(server.url, "boss");
    student = await sessionCookieFor(server.url, "pupil");
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  const call = (
    method: string,
    route: string,
    {
      cookie,
      body,
      origin = server.url,
      contentType = "application/json",
    }: { cookie?: string; body?: unknown; origin?: string | null; contentType?: string } = {},
  ) =>
    fetch(`${server.url}${route}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(origin ? { origin } : {}),
        "content-type": contentType,
      },
      body:
        body === undefined
          ? undefined
          : Buffer.isBuffer(body)
            ? new Uint8Array(body)
            : JSON.stringify(body),
    });

  const CALLS = [
    ["POST", "/admin/api/articles"],
    ["PUT", "/admin/api/articles/1"],
    ["POST", "/admin/api/articles/1/publish"],
    ["POST", "/admin/api/articles/1/unpublish"],
    ["DELETE", "/admin/api/articles/1"],
    ["POST", "/admin/api/images"],
    ["PUT", "/admin/api/materials/mathematics-indices"],
    ["POST", "/admin/api/materials/mathematics-indices/file"],
    ["PUT", "/admin/api/materials/mathematics-indices/external"],
    ["POST", "/admin/api/materials/mathematics-indices/image"],
  ] as const;

  it.each(CALLS)(
    "%s %s answers 401 without a session and 403 for a student",
    async (method, route) => {
      expect((await call(method, route, { body: {} })).status).toBe(401);
      expect((await call(method, route, { cookie: student, body: {} })).status).toBe(403);
    },
  );

  it("sets an HttpOnly, SameSite=Lax session cookie at login", async () => {
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "boss", password: "Lusaka-Sunset-Over-Kafue-9" }),
    });
    expect(response.headers.get("set-cookie")).toMatch(
      /^studyzed_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
  });

  it("ends the session at POST /logout, after which admin calls answer 401", async () => {
    const session = await sessionCookieFor(server.url, "boss");
    expect(
      (await call("POST", "/admin/api/articles/1/publish", { cookie: session })).status,
    ).not.toBe(401);
    const logout = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session, origin: server.url },
    });
    expect(logout.status).toBe(303);
    expect(logout.headers.get("set-cookie")).toMatch(/^studyzed_session=; Path=\/; Max-Age=0;/);
    expect((await call("POST", "/admin/api/articles/1/publish", { cookie: session })).status).toBe(
      401,
    );
    const forged = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: admin, origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
  });

  it("refuses a cross-origin change even with an admin's cookie", async () => {
    const response = await call("POST", "/admin/api/articles", {
      cookie: admin,
      origin: "https://evil.example",
      body: { article: ARTICLE },
    });
    expect(response.status).toBe(403);
    const noOrigin = await call("POST", "/admin/api/articles", {
      cookie: admin,
      origin: null,
      body: { article: ARTICLE },
    });
    expect(noOrigin.status).toBe(403);
  });

  it("creates, publishes, unpublishes and deletes an article, each in the audit log", async () => {
    const created = await call("POST", "/admin/api/articles", {
      cookie: admin,
      body: { article: { ...ARTICLE, title: "From the admin" }, publish: true },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const list = (await (await fetch(`${server.url}/List/`)).json()) as { id: number }[];
    expect(list.at(-1)?.id).toBe(id);
    expect(
      (await call("POST", `/admin/api/articles/${id}/unpublish`, { cookie: admin })).status,
    ).toBe(200);
    expect((await fetch(`${server.url}/Data/${id}`)).status).toBe(404);
    expect(
      (await call("POST", `/admin/api/articles/${id}/publish`, { cookie: admin })).status,
    ).toBe(200);
    expect((await call("DELETE", `/admin/api/articles/${id}`, { cookie: admin })).status).toBe(200);
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

  it("refuses an article that breaks its structure, with the field named", async () => {
    const response = await call("POST", "/admin/api/articles", {
      cookie: admin,
      body: { article: { ...ARTICLE, intro: ["only one"] } },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toHaveProperty(
      "intro",
    );
  });

  it("replaces a booklet: the download then serves the new bytes", async () => {
    const upload = multipart(PDF, "Indices (real).pdf");
    const response = await call("POST", "/admin/api/materials/mathematics-indices/file", {
      cookie: admin,
      body: upload.body,
      contentType: upload.contentType,
    });
    expect(response.status).toBe(200);
    const download = await fetch(`${server.url}/download/mathematics-indices`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    expect(download.headers.get("content-disposition")).toContain('filename="Indices (real).pdf"');
  });

  it("refuses an executable renamed .pdf and keeps the old file", async () => {
    const before = Buffer.from(
      await (await fetch(`${server.url}/download/mathematics-indices`)).arrayBuffer(),
    );
    const program = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00"),
      Buffer.alloc(2000, 0),
    ]);
    const upload = multipart(program, "notes.pdf");
    const response = await call("POST", "/admin/api/materials/mathematics-indices/file", {
      cookie: admin,
      body: upload.body,
      contentType: upload.contentType,
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "That file is not a PDF." });
    expect(
      Buffer.from(await (await fetch(`${server.url}/download/mathematics-indices`)).arrayBuffer()),
    ).toEqual(before);
  });

  it("keeps the old file when an upload is cut off half-way", async () => {
    const before = Buffer.from(
      await (await fetch(`${server.url}/download/mathematics-indices`)).arrayBuffer(),
    );
    const upload = multipart(
      Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, "y")]),
      "half.pdf",
    );
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const outgoing = request({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/admin/api/materials/mathematics-indices/file",
        headers: {
          cookie: admin,
          origin: server.url,
          "content-type": upload.contentType,
          "content-length": upload.body.byteLength,
        },
      });
      outgoing.on("error", () => resolve());
      outgoing.on("response", (response) => {
        response.resume();
        resolve();
      });
      outgoing.write(upload.body.subarray(0, upload.body.byteLength / 2), () =>
        setTimeout(() => outgoing.destroy(), 100),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      Buffer.from(await (await fetch(`${server.url}/download/mathematics-indices`)).arrayBuffer()),
    ).toEqual(before);
    const [latest] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(latest?.details).not.toMatchObject({ fileName: "half.pdf" });
  });

  it("replaces a cover picture, served from storage at its hash", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    const upload = multipart(png, "cover.png");
    const response = await call(
      "POST",
      "/admin/api/materials/book-grade-12-physics-made-easy/image",
      { cookie: admin, body: upload.body, contentType: upload.contentType },
    );
    expect(response.status).toBe(200);
    const { src } = (await response.json()) as { src: string };
    expect(src).toMatch(/^\/files\/[0-9a-f]{64}\.png$/);
    const image = await fetch(`${server.url}${src}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    const pdfAsImage = multipart(PDF, "cover.png");
    expect(
      (
        await call("POST", "/admin/api/materials/book-grade-12-physics-made-easy/image", {
          cookie: admin,
          body: pdfAsImage.body,
          contentType: pdfAsImage.contentType,
        })
      ).status,
    ).toBe(415);
  });

  it("edits a material's fields, and sets an external link with its size", async () => {
    const edit = await call("PUT", "/admin/api/materials/mathematics-sets", {
      cookie: admin,
      body: { title: "Sets and Venn Diagrams", isFree: true },
    });
    expect(edit.status).toBe(200);
    const external = await call("PUT", "/admin/api/materials/mathematics-sets/external", {
      cookie: admin,
      body: { url: "http://insecure.example/a.pdf", byteSize: 10 },
    });
    expect(external.status).toBe(400);
    const good = await call("PUT", "/admin/api/materials/mathematics-sets/external", {
      cookie: admin,
      body: { url: "https://files.example/sets.pdf", byteSize: 1_200_000 },
    });
    expect(good.status).toBe(200);
    const download = await fetch(`${server.url}/download/mathematics-sets`, { redirect: "manual" });
    expect(download.headers.get("location")).toBe("https://files.example/sets.pdf");
  });
});
