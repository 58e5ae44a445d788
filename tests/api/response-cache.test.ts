import { request } from "node:http";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials } from "#database/schema";
import { createLogger } from "#server/logger";
import { insertArticle } from "#tests/setup/article-fixtures";
import { rawGet, type RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";

/**
 * Which requests are sent a cached response, and how (docs/decisions/0067-one-response-cache.md).
 * The site's cache is told of no change made here by SQL, so a request that still sees the old
 * title was sent the cached response, and one that sees the new title was rendered.
 */
describe("the response cache in front of the routes", () => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  const lines: string[] = [];
  const oldTitle = "Cached title";
  const newTitle = "Changed behind the cache";

  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await serveSite({
      database: seeded.database,
      storage: seeded.storage,
      logger: createLogger({ level: "info", destination }),
      config: { trustProxy: 1 },
    });
    await insertArticle(seeded.database.db, { title: oldTitle });
    await fetch(`${server.url}/List/`);
    await retitle(newTitle);
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  const retitle = (title: string) =>
    seeded.database.db.execute(
      sql`update articles set title = ${title} where id = (select min(id) from articles where published)`,
    );
  const list = async (path = "/List/", headers: Record<string, string> = {}) =>
    (await rawGet(`${server.url}${path}`, headers)).body;

  it("sends a plain GET the cached response", async () => {
    expect(await list()).toContain(oldTitle);
  });

  it("sends the cached response whatever query parameters no page reads are added", async () => {
    expect(await list("/List/?x=1")).toContain(oldTitle);
    expect(await list("/List/?cache-buster=2&and=3")).toContain(oldTitle);
  });

  it.each([
    ["a query string a page reads", "/List/?page=2", {}],
    ["an Authorization header", "/List/", { authorization: "Bearer x" }],
    ["a session cookie", "/List/", { cookie: "studyzed_session=x" }],
  ])("renders afresh for a request with %s", async (_name, path, headers) => {
    expect(await list(path, headers)).toContain(newTitle);
  });

  it("sends a HEAD the cached response's head", async () => {
    const get = await fetch(`${server.url}/List/`);
    const head = await fetch(`${server.url}/List/`, { method: "HEAD" });
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect(head.headers.get("content-length")).toBe(get.headers.get("content-length"));
    expect(await head.text()).toBe("");
  });

  it("answers 304 when If-None-Match names the ETag, weak or strong, or is *, and never to no-cache", async () => {
    const etag = (await rawGet(`${server.url}/List/`)).headers.etag!;
    const status = async (headers: Record<string, string>) =>
      (await rawGet(`${server.url}/List/`, headers)).status;
    expect(await status({ "if-none-match": etag })).toBe(304);
    expect(await status({ "if-none-match": `W/${etag}` })).toBe(304);
    expect(await status({ "if-none-match": `"older", ${etag}` })).toBe(304);
    expect(await status({ "if-none-match": "*" })).toBe(304);
    expect(await status({ "if-none-match": '"older"' })).toBe(200);
    expect(await status({ "if-none-match": etag, "cache-control": "no-cache" })).toBe(200);
  });

  it("sends the stored brotli copy, else gzip, where accepted, else the bytes as they are", async () => {
    const encoding = async (accepted?: string) =>
      (await rawGet(`${server.url}/List/`, accepted ? { "accept-encoding": accepted } : {}))
        .headers["content-encoding"];
    expect(await encoding("gzip, deflate, br")).toBe("br");
    expect(await encoding("gzip")).toBe("gzip");
    expect(await encoding()).toBeUndefined();
  });

  it("logs a cached response as any other, with the client's address behind the proxy", async () => {
    lines.length = 0;
    await fetch(`${server.url}/List/`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    const line = JSON.parse(lines.find((one) => one.includes('"msg":"request"'))!) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({ method: "GET", path: "/List/", status: 200, ip: "203.0.113.9" });
    expect(typeof line.ms).toBe("number");
  });

  it("keeps a HEAD of a download a HEAD, which counts no download", async () => {
    const count = async () =>
      (
        await seeded.database.db
          .select({ count: materials.downloadCount })
          .from(materials)
          .where(eq(materials.key, "mathematics-indices"))
      )[0]?.count;
    const before = await count();
    for (let time = 0; time < 2; time++) {
      const status = await new Promise<number | undefined>((resolve, reject) =>
        request(`${server.url}/download/mathematics-indices`, { method: "HEAD" }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
          .on("error", reject)
          .end(),
      );
      expect(status).toBe(200);
    }
    expect(await count()).toBe(before);
  });
});
