import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "redis";
import { verifyPassword } from "#app/features/accounts/passwords.server";
import { logIn, type LogInResult } from "#app/features/accounts/sign-in.server";
import { LIMITS } from "#app/features/accounts/login-limits";
import { BusyError } from "#app/lib/bounded-work";
import {
  databaseRateLimiter,
  memoryRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from "#app/lib/rate-limiter.server";
import { createLogger } from "#server/logger";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/**
 * Guessing a password in parallel, from one address and from a thousand: every attempt
 * takes its place in the counters before its password check, so no burst gets more checks
 * than the limits allow, and the owner, on a phone that has signed in before, still gets in.
 * Checks are counted by wrapping the real password check.
 */
const JWT_SECRET = "login-guessing-test-secret-0123456789abcdef";
const logger = createLogger({ level: "silent" });
// The clock stands still at the moment this file starts: no burst can straddle two
// windows, however slow the machine.
const frozenAt = Date.now();
const now = () => frozenAt;

const redisUrl = process.env.TEST_REDIS_URL;
const COUNTER_KINDS = redisUrl
  ? (["memory", "database", "Redis"] as const)
  : (["memory", "database"] as const);

// An address's attempts go through two at a time (sign-in.server.ts), so a burst of 300 from
// one address takes seconds on PostgreSQL, and longer on a machine busy with other tests.
describe.each(DATABASE_KINDS)("guessing passwords on %s", { timeout: 90_000 }, (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  let nextUser = 0;
  async function student(prefix: string) {
    const username = `${prefix}${kind}${nextUser++}`;
    await createTestUser(database.db, username);
    return username;
  }

  /** Counters as one process, or as two processes sharing a database or Redis. */
  async function limitersFor(counters: (typeof COUNTER_KINDS)[number]): Promise<RateLimiter[]> {
    if (counters === "memory") return [memoryRateLimiter({ now })];
    if (counters === "database")
      return [0, 1].map(() => databaseRateLimiter({ db: database.db, logger, now }));
    const prefix = `studyzed-test:${process.pid}:${Math.random()}`;
    return Promise.all(
      [0, 1].map(async () => {
        const client = createClient({ url: redisUrl });
        await client.connect();
        return redisRateLimiter({ client, logger, keyPrefix: prefix, now });
      }),
    );
  }

  function countingCheck() {
    const counter = { checks: 0 };
    const verify = (hash: string, password: string) => {
      counter.checks++;
      return verifyPassword(hash, password);
    };
    return { counter, verify };
  }

  /** One login attempt, through whichever process's counters `limiters` picks for it. */
  const attempt = (
    limiter: RateLimiter,
    details: Pick<
      Parameters<typeof logIn>[0],
      "username" | "password" | "client" | "device" | "verify"
    >,
  ) => logIn({ db: database.db, limiter, logger, jwtSecret: JWT_SECRET, ...details });
  const spread = (limiters: RateLimiter[], index: number) => limiters[index % limiters.length]!;
  /**
   * Past its address's line of 80, an attempt is told "busy" with its places given back; it
   * is sent again a moment later, as the login page does.
   */
  const attemptUntilAnswered = async (
    ...args: Parameters<typeof attempt>
  ): Promise<LogInResult> => {
    const result = await attempt(...args);
    if (result.outcome !== "busy") return result;
    await new Promise((resolve) => setTimeout(resolve, 10));
    return attemptUntilAnswered(...args);
  };

  it("answers a login whose password check meets a full line busy, and gives its places back", async () => {
    // The line's own refusals are app/lib/bounded-work.test.ts's; here, what a login makes of one.
    const username = await student("line-full");
    const limiter = memoryRateLimiter({ now });
    const full = () => Promise.reject(new BusyError("too much work waiting"));
    const refused = await Promise.all(
      Array.from({ length: LIMITS.usernameFailures.limit + 5 }, () =>
        attempt(limiter, { username, password: TEST_PASSWORD, client: "100.64.0.9", verify: full }),
      ),
    );
    expect(refused).toEqual(refused.map(() => ({ outcome: "busy", retryAfterSeconds: 2 })));
    // More refusals than the account's failures allow, and none counted: the owner gets in.
    const after = await attempt(limiter, {
      username,
      password: TEST_PASSWORD,
      client: "100.64.0.9",
    });
    expect(after.outcome).toBe("signed-in");
    await limiter.close();
  });

  describe.each(COUNTER_KINDS)("with counters in %s", (counters) => {
    it("gives 300 parallel wrong passwords for one account at most the username's limit of checks", async () => {
      const username = await student("parallel");
      const limiters = await limitersFor(counters);
      const { counter, verify } = countingCheck();
      const results = await Promise.all(
        Array.from({ length: 300 }, (_, index) =>
          attemptUntilAnswered(spread(limiters, index), {
            username,
            password: `wrong-${index}`,
            client: "41.72.1.1",
            verify,
          }),
        ),
      );
      expect(counter.checks).toBeLessThanOrEqual(LIMITS.usernameFailures.limit);
      expect(
        results.filter((result) => result.outcome === "throttled").length,
      ).toBeGreaterThanOrEqual(300 - LIMITS.usernameFailures.limit);
      await Promise.all(limiters.map((limiter) => limiter.close()));
    });

    it("gives parallel failures from one address, over many names, at most the address's limit of checks", async () => {
      const limiters = await limitersFor(counters);
      const checks = { count: 0 };
      // Every name is unknown; the check is counted and answers at once, as a wrong one would.
      const verify = () => (checks.count++, Promise.resolve(false));
      await Promise.all(
        Array.from({ length: LIMITS.addressFailures.limit + 100 }, (_, index) =>
          attemptUntilAnswered(spread(limiters, index), {
            username: `sprayed-${kind}-${counters}-${index}`,
            password: "Password123",
            client: "41.72.2.2",
            verify,
          }),
        ),
      );
      expect(checks.count).toBe(LIMITS.addressFailures.limit);
      await Promise.all(limiters.map((limiter) => limiter.close()));
    });

    it("gives 1,000 guesses from 1,000 addresses at most the username's limit of checks, and lets the owner in on their phone", async () => {
      const username = await student("owner");
      const limiters = await limitersFor(counters);
      const device = { cookieHeader: null as string | null, https: false };
      const ownLogin = (index: number) =>
        attempt(spread(limiters, index), {
          username,
          password: TEST_PASSWORD,
          client: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          device,
        });
      // The owner signed in on this phone last week: it keeps a device cookie.
      const earlier = await ownLogin(5000);
      expect(earlier.outcome).toBe("signed-in");
      const deviceCookie = (earlier as Extract<LogInResult, { outcome: "signed-in" }>)
        .deviceCookie!;

      const { counter, verify } = countingCheck();
      const attack = await Promise.all(
        Array.from({ length: 1000 }, (_, index) =>
          attempt(spread(limiters, index), {
            username,
            password: `guess-${index}`,
            client: `172.${(index >> 8) & 255}.${index & 255}.9`,
            verify,
          }),
        ),
      );
      expect(counter.checks).toBeLessThanOrEqual(LIMITS.usernameFailures.limit);
      expect(attack.filter((result) => result.outcome === "signed-in")).toHaveLength(0);

      // During the attack a new device is refused, even with the right password...
      expect((await ownLogin(6000)).outcome).toBe("throttled");
      // ...and the owner's phone, whose attempts are limited on their own, gets in.
      device.cookieHeader = deviceCookie.split(";")[0]!;
      expect((await ownLogin(7000)).outcome).toBe("signed-in");
      await Promise.all(limiters.map((limiter) => limiter.close()));
    });
  });

  it("lets a device cookie speak only for the account it was given for", async () => {
    const [owner, other] = [await student("cookie-owner"), await student("cookie-other")];
    const limiter = memoryRateLimiter({ now });
    const withCookie = (username: string, password: string, cookieHeader: string | null) =>
      attempt(limiter, {
        username,
        password,
        client: "41.72.3.3",
        device: { cookieHeader, https: false },
      });
    const signedIn = await withCookie(owner, TEST_PASSWORD, null);
    const cookie = (signedIn as Extract<LogInResult, { outcome: "signed-in" }>).deviceCookie!.split(
      ";",
    )[0]!;
    for (let guess = 0; guess < LIMITS.usernameFailures.limit; guess++)
      expect((await withCookie(other, `wrong-${guess}`, null)).outcome).toBe("wrong-credentials");
    // The owner's cookie does not lift the other account's limit.
    expect((await withCookie(other, TEST_PASSWORD, cookie)).outcome).toBe("throttled");
    // A cookie with a forged signature is no cookie at all.
    const forged = cookie.replace(/\.([\w-])/, (_match, first: string) =>
      first === "A" ? ".B" : ".A",
    );
    expect((await withCookie(other, TEST_PASSWORD, forged)).outcome).toBe("throttled");
    await limiter.close();
  });
});
