import { Writable } from "node:stream";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { createLogger } from "#server/logger";
import { openDatabase, selectRows } from "#database/client.server";
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from "#tests/setup/test-database";
import {
  databaseRateLimiter,
  memoryRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from "./rate-limiter.server";

const rule = { limit: 3, windowSeconds: 60 };

const HOUR_MS = 60 * 60 * 1000;
const YEARS_20_MS = 20 * 365 * 24 * HOUR_MS;
/** The start of an hour twenty years from today's (negative: before it), so windows line up. */
const hourYearsAway = (sign: 1 | -1) =>
  Math.floor((Date.now() + sign * YEARS_20_MS) / HOUR_MS) * HOUR_MS;
const other = { limit: 5, windowSeconds: 600 };

/**
 * The limiter's own clock is faked, and deliberately set years away from the real one:
 * Redis keeps its keys by the real clock, so a limiter that told Redis a moment to expire
 * (rather than a time to live) would lose every count here.
 */
function behavesLikeALimiter(name: string, make: (now: () => number) => Promise<RateLimiter>) {
  describe.each([
    ["a clock years behind", hourYearsAway(-1)],
    ["a clock years ahead", hourYearsAway(1)],
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
        expect((await counters.reserve([{ key, rule }])).allowed).toBe(true);
      expect(await counters.reserve([{ key, rule }])).toMatchObject({
        allowed: false,
        retryAfterSeconds: 60,
      });
      clock += 45_000;
      expect(await counters.reserve([{ key, rule }])).toMatchObject({
        allowed: false,
        retryAfterSeconds: 15,
      });
      clock += 15_000;
      expect((await counters.reserve([{ key, rule }])).allowed).toBe(true);
    });

    it("takes a place in every counter or in none, and keeps keys apart", async () => {
      clock = start;
      const counters = await limiter();
      const key = `all-or-none-${Math.random()}`;
      for (let attempt = 0; attempt < 3; attempt++) await counters.reserve([{ key, rule }]);
      // The first counter is full, so the second must not be counted by the refused attempts.
      for (let attempt = 0; attempt < 10; attempt++) {
        const refused = await counters.reserve([
          { key, rule },
          { key: `${key}-second`, rule: other },
        ]);
        expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60, full: [{ key, rule }] });
      }
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await counters.reserve([{ key: `${key}-second`, rule: other }])).allowed).toBe(
          true,
        );
      expect((await counters.reserve([{ key: `${key}-second`, rule: other }])).allowed).toBe(false);
    });

    it("waits for the last of the full windows to end", async () => {
      clock = start;
      const counters = await limiter();
      const key = `longest-${Math.random()}`;
      for (let attempt = 0; attempt < 3; attempt++) await counters.reserve([{ key, rule }]);
      for (let attempt = 0; attempt < 5; attempt++)
        await counters.reserve([{ key: `${key}-wide`, rule: other }]);
      const both = [
        { key, rule },
        { key: `${key}-wide`, rule: other },
      ];
      expect(await counters.reserve(both)).toEqual({
        allowed: false,
        retryAfterSeconds: 600,
        full: both,
      });
    });

    it("gives places back", async () => {
      clock = start;
      const counters = await limiter();
      const key = `give-back-${Math.random()}`;
      for (let attempt = 0; attempt < 10; attempt++) {
        const reservation = await counters.reserve([{ key, rule }]);
        expect(reservation.allowed).toBe(true);
        if (reservation.allowed) await reservation.giveBack();
      }
      for (let attempt = 0; attempt < 3; attempt++) await counters.reserve([{ key, rule }]);
      expect((await counters.reserve([{ key, rule }])).allowed).toBe(false);
    });

    it("never lets parallel attempts past the limit", async () => {
      clock = start;
      const counters = await limiter();
      const key = `parallel-${Math.random()}`;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => counters.reserve([{ key, rule }])),
      );
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
    });
  });
}

behavesLikeALimiter("the in-memory rate limiter", (now) =>
  Promise.resolve(memoryRateLimiter({ now })),
);

describe("the Redis rate limiter, without a Redis server", () => {
  const close = () => Promise.resolve();
  it("keeps each count until a second after its window, as a time to live", async () => {
    const calls: { keys: string[]; arguments: string[] }[] = [];
    const fake = {
      eval: (_script: string, options: { keys: string[]; arguments: string[] }) => {
        calls.push(options);
        return Promise.resolve([1, 41_000]);
      },
      close,
    };
    const clock = hourYearsAway(1) + 20_000;
    const counters = redisRateLimiter({
      client: fake,
      logger: createLogger({ level: "silent" }),
      now: () => clock,
    });
    await counters.reserve([{ key: "k", rule }]);
    // 20 s into a 60 s window: 40 s are left, plus one second of grace, in seconds.
    expect(calls[0]!.arguments.slice(0, 2)).toEqual(["1", "41"]);
  });

  it("counts in this process, never letting an attempt through uncounted, when Redis is unreachable", async () => {
    const broken = { eval: () => Promise.reject(new Error("down")), close };
    const counters = redisRateLimiter({
      client: broken,
      logger: createLogger({ level: "silent" }),
    });
    const allowed = [];
    for (let attempt = 0; attempt < rule.limit + 2; attempt++)
      allowed.push((await counters.reserve([{ key: "k", rule }])).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(rule.limit);
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
      keyPrefix: `studyzed-test:${process.pid}`,
      now,
    });
  });

  it("shares counts between two server processes' limiters, even in parallel", async () => {
    const clients = [createClient({ url: redisUrl }), createClient({ url: redisUrl })];
    await Promise.all(clients.map((client) => client.connect()));
    const logger = createLogger({ level: "silent" });
    // One fixed moment for both, so the attempts can never straddle two windows.
    const frozenAt = Date.now();
    const now = () => frozenAt;
    const [first, second] = clients.map((client) =>
      redisRateLimiter({ client, logger, keyPrefix: `studyzed-test:${process.pid}:shared`, now }),
    );
    const key = `shared-${Math.random()}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? first! : second!).reserve([{ key, rule }]),
      ),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
    await Promise.all([first!.close(), second!.close()]);
  });

  it("gives Redis a time to live, not an expiry moment", async () => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    const prefix = `studyzed-test:${process.pid}:ttl`;
    // A clock far behind the real one: a moment-based expiry would be in the past.
    const now = () => hourYearsAway(-1) + 20_000;
    const counters = redisRateLimiter({
      client,
      logger: createLogger({ level: "silent" }),
      keyPrefix: prefix,
      now,
    });
    const key = `ttl-${Math.random()}`;
    await counters.reserve([{ key, rule }]);
    const [stored] = await client.keys(`${prefix}:${key}:*`);
    const ttl = await client.pTTL(stored!);
    expect(ttl).toBeGreaterThan(30_000);
    expect(ttl).toBeLessThanOrEqual(41_000);
    await counters.close();
  });
});

describe.each(DATABASE_KINDS)("in the database (%s)", (kind) => {
  const logger = createLogger({ level: "silent" });
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.destroy());

  behavesLikeALimiter(`the ${kind} rate limiter`, (now) =>
    Promise.resolve(databaseRateLimiter({ db: database.db, logger, now })),
  );

  it("shares counts between two server processes' limiters, even in parallel", async () => {
    // On PostgreSQL, two connection pools of their own on one database, as two processes have.
    const shared = kind === "postgres" ? await createEmptyPostgresDatabase() : undefined;
    const handles = shared
      ? await Promise.all([1, 2].map(() => openDatabase({ kind: "postgres", url: shared.url })))
      : [database, database];
    if (shared) await handles[0]!.migrate();
    const frozenAt = Date.now();
    const [first, second] = handles.map((handle) =>
      databaseRateLimiter({ db: handle.db, logger, now: () => frozenAt }),
    );
    const key = `shared-${Math.random()}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? first! : second!).reserve([
          { key, rule },
          { key: `${key}-wide`, rule: other },
        ]),
      ),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(3);
    if (shared) {
      for (const handle of handles) await handle.close();
      await shared.drop();
    }
  });

  it("gives a place back later when the store missed it, so nobody is locked out", async () => {
    let failing = 0;
    // The store fails on demand: every count and give-back writes through insert.
    const flaky = new Proxy(database.db, {
      get: (target, property, receiver): unknown =>
        property === "insert" && failing > 0 && failing--
          ? () => {
              throw new Error("the store is down");
            }
          : Reflect.get(target, property, receiver),
    });
    // The clock stands mid-window: a retry is never skipped for a window about to end.
    const windowMs = rule.windowSeconds * 1000;
    const midWindow = Math.floor(Date.now() / windowMs) * windowMs + windowMs / 2;
    const counters = databaseRateLimiter({ db: flaky, logger, now: () => midWindow });
    const key = `given-back-later-${Math.random()}`;
    for (let login = 0; login < 2 * rule.limit; login++) {
      const reservation = await counters.reserve([{ key, rule }]);
      expect(reservation.allowed).toBe(true);
      failing = 1;
      if (reservation.allowed) await reservation.giveBack();
      await vi.waitFor(
        async () => {
          const [row] = await selectRows<{ count: number }>(
            database.db,
            sql`select count from rate_counters where id like ${`${key}:%`}`,
          );
          expect(row?.count).toBe(0);
        },
        { timeout: 10_000, interval: 50 },
      );
    }
  });

  it("gives places back from a flood on crossed counters without a deadlock", async () => {
    const lines: string[] = [];
    const watched = createLogger({
      level: "warn",
      destination: new Writable({
        write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()),
      }),
    });
    const counters = databaseRateLimiter({ db: database.db, logger: watched });
    const key = `flood-${Math.random()}`;
    const wide = { limit: 1_000, windowSeconds: 600 };
    const pair = [
      { key: `${key}-a`, rule: wide },
      { key: `${key}-b`, rule: wide },
    ];
    await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const reservation = await counters.reserve(index % 2 ? pair : [...pair].reverse());
        if (reservation.allowed) await reservation.giveBack();
      }),
    );
    expect(lines).toEqual([]);
  });

  it("keeps each count until a second after its window", async () => {
    const counters = databaseRateLimiter({
      db: database.db,
      logger,
      now: () => hourYearsAway(-1) + 20_000,
    });
    const key = `ttl-${Math.random()}`;
    await counters.reserve([{ key, rule }]);
    const [row] = await selectRows<{ seconds: number }>(
      database.db,
      sql`select extract(epoch from expires_at - now())::float8 as seconds
        from rate_counters where id like ${`${key}:%`}`,
    );
    expect(row!.seconds).toBeGreaterThan(30);
    expect(row!.seconds).toBeLessThanOrEqual(41);
  });
});
