import { Writable } from "node:stream";
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import type { RateLimiter } from "#app/lib/rate-limiter";
import { memoryRateLimiter, redisRateLimiter } from "./rate-limit";

const rule = { limit: 3, windowSeconds: 60 };

/**
 * The limiter's own clock is faked, and deliberately set years away from the real one:
 * Redis keeps its keys by the real clock, so a limiter that told Redis a moment to expire
 * (rather than a time to live) would lose every count here.
 */
function behavesLikeALimiter(name: string, make: (now: () => number) => Promise<RateLimiter>) {
  describe.each([
    ["a clock years behind", Date.UTC(2001, 0, 1, 10, 0, 0)],
    ["a clock years ahead", Date.UTC(2101, 0, 1, 10, 0, 0)],
  ])(`${name}, with %s`, (_label, start) => {
    let clock = start;
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
      clock = start;
      const counters = await limiter();
      const key = `trip-${Math.random()}`;
      for (let attempt = 1; attempt <= 3; attempt++)
        expect((await counters.hit(key, rule)).allowed).toBe(true);
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
      clock = start;
      const counters = await limiter();
      const key = `apart-${Math.random()}`;
      for (let look = 0; look < 10; look++)
        expect((await counters.check(key, rule)).allowed).toBe(true);
      for (let attempt = 0; attempt < 3; attempt++) await counters.hit(key, rule);
      expect((await counters.check(key, rule)).allowed).toBe(false);
      expect((await counters.check(`${key}-other`, rule)).allowed).toBe(true);
    });
  });
}

behavesLikeALimiter("the in-memory rate limiter", (now) =>
  Promise.resolve(memoryRateLimiter({ now })),
);

describe("the Redis rate limiter, without a Redis server", () => {
  it("gives each count a time to live that ends a second after its window", async () => {
    const expiries: number[] = [];
    const multi = {
      incr: () => multi,
      pExpire: (_key: string, milliseconds: number) => {
        expiries.push(milliseconds);
        return multi;
      },
      exec: () => Promise.resolve([1, true]),
    };
    const fake = { get: () => Promise.resolve(null), multi: () => multi };
    const clock = Date.UTC(2040, 5, 1, 12, 0, 20);
    const counters = redisRateLimiter({
      client: fake,
      logger: createLogger({ level: "silent" }),
      now: () => clock,
    });
    await counters.hit("k", rule);
    // 20 s into a 60 s window: 40 s are left, plus one second of grace.
    expect(expiries).toEqual([41_000]);
  });

  it("lets requests through, and says so, when Redis is unreachable", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "error",
      destination: new Writable({
        write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()),
      }),
    });
    const broken = {
      get: async () => Promise.reject(new Error("down")),
      multi: () => {
        throw new Error("down");
      },
    };
    const counters = redisRateLimiter({ client: broken, logger });
    expect((await counters.hit("k", rule)).allowed).toBe(true);
    expect((await counters.check("k", rule)).allowed).toBe(true);
    expect(lines.join("")).toContain("Redis unavailable");
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)("with Redis", () => {
  behavesLikeALimiter("the Redis rate limiter", async (now) => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    return redisRateLimiter({
      client,
      logger: createLogger({ level: "silent" }),
      prefix: `studyzed-test:${process.pid}:`,
      now,
    });
  });

  it("shares counts between two server processes' limiters", async () => {
    const clients = [createClient({ url: redisUrl }), createClient({ url: redisUrl })];
    await Promise.all(clients.map((client) => client.connect()));
    const logger = createLogger({ level: "silent" });
    // One fixed moment for both, so the hits can never straddle two windows.
    const now = () => Date.UTC(2033, 2, 3, 3, 3, 3);
    const [first, second] = clients.map((client) =>
      redisRateLimiter({ client, logger, prefix: `studyzed-test:${process.pid}:shared:`, now }),
    );
    const key = `shared-${Math.random()}`;
    await first!.hit(key, rule);
    await second!.hit(key, rule);
    await first!.hit(key, rule);
    expect((await second!.check(key, rule)).allowed).toBe(false);
    await Promise.all([first!.close(), second!.close()]);
  });
});
