import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createResponseCache } from "./response-cache";

describe("createResponseCache", () => {
  it("computes once, serves from memory, and computes again after invalidate or the TTL", async () => {
    let clock = 0;
    let computed = 0;
    const cache = createResponseCache({ ttlMs: 1000, now: () => clock });
    const compute = () => Promise.resolve(`body ${++computed}`);
    expect((await cache.get("k", compute))?.body).toBe("body 1");
    expect((await cache.get("k", compute))?.body).toBe("body 1");
    cache.invalidate();
    expect((await cache.get("k", compute))?.body).toBe("body 2");
    clock += 1001;
    // Past the TTL: the old answer is sent while the new one is made.
    expect((await cache.get("k", compute))?.body).toBe("body 2");
    // Kept once its compressed copies are made, on the thread pool.
    await expect.poll(() => cache.peek("k")?.body).toBe("body 3");
    expect((await cache.get("k", compute))?.body).toBe("body 3");
    // Past twice the TTL, nothing that old is sent.
    clock += 2001;
    expect((await cache.get("k", compute))?.body).toBe("body 4");
  });

  it("sends the old answer past its TTL only while a new one is being made", async () => {
    let clock = 0;
    let release!: () => void;
    const cache = createResponseCache({ ttlMs: 1000, now: () => clock });
    await cache.get("k", () => Promise.resolve("old"));
    clock += 1001;
    expect(cache.peek("k")).toBeUndefined();
    const slow = () => new Promise<string>((resolve) => (release = () => resolve("new")));
    expect((await cache.get("k", slow))?.body).toBe("old");
    expect(cache.peek("k")?.body).toBe("old");
    release();
    await expect.poll(() => cache.peek("k")?.body).toBe("new");
  });

  it("keeps answers for a TTL set after it was made", async () => {
    let clock = 0;
    let computed = 0;
    const cache = createResponseCache({ ttlMs: 1000, now: () => clock });
    const compute = () => Promise.resolve(`body ${++computed}`);
    cache.setFreshness({ ttlMs: 60_000 });
    await cache.get("k", compute);
    clock += 59_000;
    expect(cache.peek("k")?.body).toBe("body 1");
    clock += 1001;
    expect(cache.peek("k")).toBeUndefined();
  });

  it("past its TTL, keeps an answer whose content version has not moved, and makes it again when it has", async () => {
    let clock = 0;
    let computed = 0;
    let version = 7;
    let reads = 0;
    const cache = createResponseCache({ ttlMs: 1000, now: () => clock });
    cache.setFreshness({ ttlMs: 1000, readVersion: () => Promise.resolve((reads++, version)) });
    const compute = () => Promise.resolve(`body ${++computed}`);
    expect((await cache.get("a", compute))?.body).toBe("body 1");
    expect((await cache.get("b", compute))?.body).toBe("body 2");
    clock += 1001;
    // Checked, not made: the same answer, trusted for another TTL.
    expect((await cache.get("a", compute))?.body).toBe("body 1");
    await expect.poll(() => cache.peek("a")?.body).toBe("body 1");
    // Made 1.5 TTLs ago, confirmed half a TTL ago: still trusted.
    clock += 500;
    expect(cache.peek("a")?.body).toBe("body 1");
    expect(computed).toBe(2);
    version = 8;
    // "b" past its TTL, the content changed: sent while it is made again, then the new one.
    expect((await cache.get("b", compute))?.body).toBe("body 2");
    await expect.poll(() => cache.peek("b")?.body).toBe("body 3");
    // Each answer made read the version once, and each check once more.
    expect(reads).toBe(4);
  });

  it("makes an answer again when the version cannot be read, or the answer is older than the longest", async () => {
    let clock = 0;
    let computed = 0;
    let readable = true;
    const cache = createResponseCache({ ttlMs: 1000, longestMs: 5000, now: () => clock });
    cache.setFreshness({
      ttlMs: 1000,
      readVersion: () =>
        readable ? Promise.resolve(1) : Promise.reject(new Error("connection lost")),
    });
    const compute = () => Promise.resolve(`body ${++computed}`);
    await cache.get("k", compute);
    readable = false;
    clock += 1001;
    await cache.get("k", compute);
    await expect.poll(() => cache.peek("k")?.body).toBe("body 2");
    readable = true;
    // Kept with no version: made again, and kept with one this time.
    clock += 1001;
    await cache.get("k", compute);
    await expect.poll(() => cache.peek("k")?.body).toBe("body 3");
    for (let step = 0; step < 4; step++) {
      clock += 1001;
      await cache.get("k", compute);
      await expect.poll(() => cache.peek("k")?.body).toBe("body 3");
    }
    expect(computed).toBe(3);
    // Confirmed four times; now past the five seconds longest since it was made.
    clock += 1001;
    await cache.get("k", compute);
    await expect.poll(() => cache.peek("k")?.body).toBe("body 4");
  });

  it("keeps an answer with the version read before it was made, so a change made meanwhile shows", async () => {
    let clock = 0;
    let version = 1;
    let computed = 0;
    const cache = createResponseCache({ ttlMs: 1000, now: () => clock });
    cache.setFreshness({ ttlMs: 1000, readVersion: () => Promise.resolve(version) });
    await cache.get("k", () => {
      // A change committed after the version was read, before (or while) the content is.
      version = 2;
      return Promise.resolve(`body ${++computed}`);
    });
    clock += 1001;
    await cache.get("k", () => Promise.resolve(`body ${++computed}`));
    await expect.poll(() => cache.peek("k")?.body).toBe("body 2");
  });

  it("shares one computation between simultaneous requests", async () => {
    let computed = 0;
    const cache = createResponseCache({ ttlMs: 1000 });
    const compute = () =>
      new Promise<string>((resolve) => setTimeout(() => resolve(`body ${++computed}`), 10));
    const bodies = await Promise.all(Array.from({ length: 20 }, () => cache.get("k", compute)));
    expect(new Set(bodies.map((entry) => entry?.body))).toEqual(new Set(["body 1"]));
  });

  it("does not keep a result computed before an invalidation", async () => {
    let release!: () => void;
    const cache = createResponseCache({ ttlMs: 10_000 });
    const slow = cache.get(
      "k",
      () => new Promise<string>((resolve) => (release = () => resolve("old"))),
    );
    cache.invalidate();
    release();
    expect((await slow)?.body).toBe("old");
    expect((await cache.get("k", () => Promise.resolve("new")))?.body).toBe("new");
  });

  it("gives equal bodies equal ETags", async () => {
    const cache = createResponseCache({ ttlMs: 1000 });
    const first = await cache.get("a", () => Promise.resolve("same"));
    const second = await cache.get("b", () => Promise.resolve("same"));
    expect(first?.etag).toBe(second?.etag);
  });
});

describe("a kept answer's compressed copies", () => {
  it("are made before the answer is kept, so nobody is sent the uncompressed bytes for want of them", async () => {
    const cache = createResponseCache({ ttlMs: 10_000 });
    const body = JSON.stringify(Array.from({ length: 2000 }, (_, id) => ({ id, text: "x" })));
    const entry = (await cache.get("/List/", () => Promise.resolve(body)))!;
    expect(entry.bytes.toString()).toBe(body);
    expect(entry.br && entry.gzip).toBeTruthy();
    expect(brotliDecompressSync(entry.br!).toString()).toBe(body);
    expect(gunzipSync(entry.gzip!).toString()).toBe(body);
    expect(cache.peek("/List/")).toBe(entry);
  });
});
