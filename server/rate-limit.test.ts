import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from "./rate-limit";

const rule = { limit: 3, windowSeconds: 60 };

function behavesLikeALimiter(name: string, make: (now: () => number) => Promise<RateLimiter>) {
  describe(name, () => {
    let clock = Date.UTC(2026, 10, 22, 10, 0, 0);
    const limiters: RateLimiter[] = [];
    const limiter = async () => {
      const created = await make(() => clock);
      limiters.push(created);
      return created;
    };
    afterAll(async () => {
      for (const created of limiters) await created.close();
    });

    it("allows the limit, refuses the next with a wait, and allows again in the next window", async () => {
      const counters = await limiter();
      const key = `trip-${Math.random()}`;
      for (let attempt = 1; attempt <= 3; attempt++) expect((await counters.hit(key, rule)).allowed).toBe(true);
      expect(await counters.check(key, rule)).toEqual({ allowed: false, retryAfterSeconds: 60 });
      const refused = await counters.hit(key, rule);
      expect(refused.allowed).toBe(false);
      clock += 45_000;
      expect((await counters.check(key, rule)).retryAfterSeconds).toBe(15);
      clock += 15_000;
      expect((await counters.check(key, rule)).allowed).toBe(true);
      expect((await counters.hit(key, rule)).allowed).toBe(true);
    });

    it("keeps keys apart, and check never counts", async () => {
      const counters = await limiter();
      const key = `apart-${Math.random()}`;
      for (let look = 0; look < 10; look++) expect((await counters.check(key, rule)).allowed).toBe(true);
      for (let attempt = 0; attempt < 3; attempt++) await counters.hit(key, rule);
      expect((await counters.check(key, rule)).allowed).toBe(false);
      expect((await counters.check(`${key}-other`, rule)).allowed).toBe(true);
    });
  });
}

behavesLikeALimiter("the in-memory rate limiter", async (now) => memoryRateLimiter({ now }));

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)("with Redis", () => {
  behavesLikeALimiter("the Redis rate limiter", async (now) => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    return redisRateLimiter({ client, logger: createLogger({ level: "silent" }), prefix: `studyzed-test:${process.pid}:`, now });
  });

  it("shares counts between two server processes' limiters", async () => {
    const clients = [createClient({ url: redisUrl }), createClient({ url: redisUrl })];
    await Promise.all(clients.map((client) => client.connect()));
    const logger = createLogger({ level: "silent" });
    const [first, second] = clients.map((client) => redisRateLimiter({ client, logger, prefix: `studyzed-test:${process.pid}:shared:` }));
    const key = `shared-${Math.random()}`;
    await first!.hit(key, rule);
    await second!.hit(key, rule);
    await first!.hit(key, rule);
    expect((await second!.check(key, rule)).allowed).toBe(false);
    await Promise.all([first!.close(), second!.close()]);
  });

  it("lets requests through, and says so, when Redis is unreachable", async () => {
    const lines: string[] = [];
    const { Writable } = await import("node:stream");
    const logger = createLogger({ level: "error", destination: new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }) });
    const broken = { get: async () => Promise.reject(new Error("down")), multi: () => { throw new Error("down"); } };
    const counters = redisRateLimiter({ client: broken as never, logger });
    expect((await counters.hit("k", rule)).allowed).toBe(true);
    expect((await counters.check("k", rule)).allowed).toBe(true);
    expect(lines.join("")).toContain("Redis unavailable");
  });
});
