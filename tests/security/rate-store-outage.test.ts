import { beforeAll, describe, expect, it } from "vitest";
import {
  databaseRateLimiter,
  redisRateLimiter,
  type RateLimiter,
} from "#app/lib/rate-limiter.server";
import { createLogger } from "#server/logger";
import { createTestDatabase, DATABASE_KINDS } from "#tests/setup/test-database";
import { createClient } from "redis";

const logger = createLogger({ level: "silent" });
const COUNTER = [{ key: "login-user:someone", rule: { limit: 3, windowSeconds: 900 } }];

/** Ten attempts, one after another, against a store that answers nothing. */
async function allowedOf(limiter: RateLimiter): Promise<number> {
  let allowed = 0;
  for (let attempt = 0; attempt < 10; attempt++)
    if ((await limiter.reserve(COUNTER)).allowed) allowed++;
  return allowed;
}

/**
 * A shared counter store that fails (a database time-out, a deadlock, Redis gone) must not
 * let attempts through uncounted, nor lock every student out: this process counts instead.
 */
describe.each(DATABASE_KINDS)("login counters on %s when the store fails", (kind) => {
  let limiter: RateLimiter;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    await database.destroy();
    limiter = databaseRateLimiter({ db: database.db, logger });
  });

  it("still count, and refuse past the limit", async () => {
    expect(await allowedOf(limiter)).toBe(3);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)("login counters when Redis is gone", () => {
  let limiter: RateLimiter;
  beforeAll(async () => {
    const client = createClient({ url: process.env.TEST_REDIS_URL, disableOfflineQueue: true });
    client.on("error", () => {});
    await client.connect();
    await client.close();
    limiter = redisRateLimiter({ client, logger, keyPrefix: `outage:${process.pid}` });
  });
  it("still count, and refuse past the limit", async () => {
    expect(await allowedOf(limiter)).toBe(3);
  });
});
