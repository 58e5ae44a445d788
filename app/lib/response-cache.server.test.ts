import { readdir, readFile } from "node:fs/promises";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import {
  contentChanged,
  createResponseCache,
  followContentVersion,
  pageAddress,
  PAGE_PARAMETERS,
  responseCache,
  type CacheFill,
} from "./response-cache.server";

const page = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { "content-type": "application/json", ...headers } });

/** A fill that counts its renders and makes `body n` each time. */
function counting(make: (n: number) => Response | Promise<Response> = (n) => page(`body ${n}`)) {
  const made = { count: 0 };
  const fill = (): CacheFill => ({ render: () => Promise.resolve(make(++made.count)) });
  return { made, fill };
}

const bodyOf = (entry: { body: Buffer } | undefined) => entry?.body.toString();

describe("the response cache", () => {
  it("renders once, serves from memory, and renders again after a change or an hour", async () => {
    let clock = 0;
    const cache = createResponseCache({ now: () => clock });
    const { fill } = counting();
    expect(bodyOf(await cache.fetch("/k", { context: fill() }))).toBe("body 1");
    clock += 30 * 60_000;
    expect(bodyOf(await cache.fetch("/k", { context: fill() }))).toBe("body 1");
    cache.clear();
    expect(bodyOf(await cache.fetch("/k", { context: fill() }))).toBe("body 2");
    // The footer's year changes with time alone.
    clock += 3_600_001;
    expect(cache.get("/k")).toBeUndefined();
    expect(bodyOf(await cache.fetch("/k", { context: fill() }))).toBe("body 3");
  });

  it("is cleared by contentChanged()", async () => {
    await responseCache.fetch("/List/", { context: counting().fill() });
    expect(bodyOf(responseCache.get("/List/"))).toBe("body 1");
    contentChanged();
    expect(responseCache.get("/List/")).toBeUndefined();
  });

  it("shares one render between simultaneous requests", async () => {
    const cache = createResponseCache();
    const { made, fill } = counting(
      (n) => new Promise((resolve) => setTimeout(() => resolve(page(`body ${n}`)), 10)),
    );
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () => cache.fetch("/k", { context: fill() })),
    );
    expect(new Set(bodies.map(bodyOf))).toEqual(new Set(["body 1"]));
    expect(made.count).toBe(1);
  });

  it("does not store a response rendered before a change", async () => {
    const cache = createResponseCache();
    let release!: () => void;
    const slow: CacheFill = {
      render: () => new Promise((resolve) => (release = () => resolve(page("old")))),
    };
    const waiting = cache.fetch("/k", { context: slow });
    cache.clear();
    release();
    await expect(waiting).rejects.toThrow();
    expect(cache.get("/k")).toBeUndefined();
    expect(bodyOf(await cache.fetch("/k", { context: counting().fill() }))).toBe("body 1");
  });

  it("gives equal bodies equal ETags", async () => {
    const cache = createResponseCache();
    const first = await cache.fetch("/a", {
      context: { render: () => Promise.resolve(page("same")) },
    });
    const second = await cache.fetch("/b", {
      context: { render: () => Promise.resolve(page("same")) },
    });
    expect(first?.etag).toMatch(/^"[\w-]+"$/);
    expect(first?.etag).toBe(second?.etag);
  });

  it("stores a response with its brotli and gzip copies, so nobody is sent the uncompressed bytes for want of them", async () => {
    const cache = createResponseCache();
    const body = JSON.stringify(Array.from({ length: 2000 }, (_, id) => ({ id, text: "x" })));
    const entry = (await cache.fetch("/List/", {
      context: { render: () => Promise.resolve(page(body)) },
    }))!;
    expect(entry.body.toString()).toBe(body);
    expect(brotliDecompressSync(entry.br).toString()).toBe(body);
    expect(gunzipSync(entry.gzip).toString()).toBe(body);
    expect(entry.headers).toEqual([["content-type", "application/json"]]);
    expect(cache.get("/List/")).toBe(entry);
  });

  it.each([
    ["a status other than 200", () => new Response("{}", { status: 404 })],
    ["a cookie", () => page("{}", { "set-cookie": "a=b" })],
    ["no-store", () => page("{}", { "cache-control": "no-store" })],
    ["private", () => page("{}", { "cache-control": "private, max-age=60" })],
    ["a type other than HTML or JSON", () => new Response("%PDF-", { status: 200 })],
    [
      "an inline script",
      () =>
        new Response('<html><script nonce="n">go()</script></html>', {
          headers: { "content-type": "text/html" },
        }),
    ],
    [
      "no end of document",
      () => new Response("<html><p>half", { headers: { "content-type": "text/html" } }),
    ],
  ])("gives back a response with %s to be sent as it is", async (_name, make) => {
    const cache = createResponseCache();
    const fill: CacheFill = { render: () => Promise.resolve(make()) };
    expect(await cache.fetch("/k", { context: fill })).toBeUndefined();
    expect(fill.uncached).toBeInstanceOf(Response);
    expect(cache.get("/k")).toBeUndefined();
  });

  it("compresses a page at brotli's best, an address with a query (a search) at its quick 6", async () => {
    const cache = createResponseCache();
    const body = JSON.stringify({
      words: Array.from({ length: 2000 }, (_, n) => `entry ${n % 97}`),
    });
    const brotliAt = (quality: number) =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
    const fill = { context: { render: () => Promise.resolve(page(body)) } };
    expect((await cache.fetch("/tutorials", fill))!.br).toEqual(brotliAt(9));
    expect((await cache.fetch("/search?q=cell", fill))!.br).toEqual(brotliAt(6));
  });

  it("stores a page whose scripts are files", async () => {
    const cache = createResponseCache();
    const html = '<html><script src="/offline.js" defer></script></html>';
    const fill: CacheFill = {
      render: () =>
        Promise.resolve(new Response(html, { headers: { "content-type": "text/html" } })),
    };
    expect(bodyOf(await cache.fetch("/k", { context: fill }))).toBe(html);
  });

  it("keeps its bytes within a bound, dropping the least recently used", async () => {
    const cache = createResponseCache({ maxBytes: 4_000 });
    const big = (n: number) => page(`"${String(n).repeat(1_500)}"`);
    for (const key of ["/a", "/b", "/c"])
      await cache.fetch(key, { context: { render: () => Promise.resolve(big(key.length)) } });
    expect(cache.calculatedSize).toBeLessThanOrEqual(4_000);
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.get("/c")).toBeDefined();
  });
});

describe.each(DATABASE_KINDS)("servers sharing %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it("clear their caches when the content's version moves, even by plain SQL, and only then", async () => {
    const cache = createResponseCache();
    const following = await followContentVersion({
      db: database.db,
      logger: createLogger({ level: "silent" }),
      cache,
      intervalMs: 20,
    });
    try {
      await cache.fetch("/List/", { context: counting().fill() });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(bodyOf(cache.get("/List/"))).toBe("body 1");
      // Someone else's change, with no message sent.
      await database.db
        .execute(sql`insert into subjects (slug, kind, name, description, keywords, position)
                                    values ('biology-cache-test', 'school_subject', 'Biology', 'Cells', '{}', 1)`);
      await expect.poll(() => cache.get("/List/"), { timeout: 2_000 }).toBeUndefined();
    } finally {
      following.stop();
    }
  });
});

describe("a page's address in the cache", () => {
  it("keeps only the query parameters pages read, in one order", () => {
    expect(pageAddress("/smartify")).toBe("/smartify");
    expect(pageAddress("/smartify?x=1")).toBe("/smartify");
    expect(pageAddress("/List/?cache-buster=9")).toBe("/List/");
    expect(pageAddress("/search?x=1&q=cell&page=2")).toBe("/search?page=2&q=cell");
    expect(pageAddress("/search?page=2&q=cell")).toBe("/search?page=2&q=cell");
  });

  it("names every query parameter a page of the site reads", async () => {
    const read = new Set<string>();
    const files = (await readdir("app", { recursive: true })).filter(
      (name) => /\.tsx?$/.test(name) && !name.includes(".test."),
    );
    for (const file of files)
      for (const [, name] of (await readFile(`app/${file}`, "utf8")).matchAll(
        /searchParams\.(?:get|has|getAll)\("([^"]+)"\)/g,
      ))
        read.add(name!);
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((name) => !PAGE_PARAMETERS.includes(name))).toEqual([]);
  });
});
