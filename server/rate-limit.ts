import type { Logger } from "#app/lib/logger";
import type { RateLimiter, RateRule } from "#app/lib/rate-limiter";

function windowOf(rule: RateRule, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    index: start / windowMs,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
    expiresAt: start + windowMs,
  };
}

export function memoryRateLimiter({
  now = () => Date.now(),
}: { now?: () => number } = {}): RateLimiter {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  let lastSweep = now();
  const read = (key: string, rule: RateRule) => {
    const time = now();
    if (time - lastSweep > 60_000) {
      for (const [stored, entry] of counts) if (entry.expiresAt <= time) counts.delete(stored);
      lastSweep = time;
    }
    const window = windowOf(rule, time);
    return { window, id: `${key}:${rule.windowSeconds}:${window.index}` };
  };
  return {
    check(key, rule) {
      const { window, id } = read(key, rule);
      const count = counts.get(id)?.count ?? 0;
      return Promise.resolve({
        allowed: count < rule.limit,
        retryAfterSeconds: window.retryAfterSeconds,
      });
    },
    hit(key, rule) {
      const { window, id } = read(key, rule);
      const entry = counts.get(id) ?? { count: 0, expiresAt: window.expiresAt };
      entry.count++;
      counts.set(id, entry);
      return Promise.resolve({
        allowed: entry.count <= rule.limit,
        retryAfterSeconds: window.retryAfterSeconds,
      });
    },
    close() {
      counts.clear();
      return Promise.resolve();
    },
  };
}

type RedisMulti = {
  incr(key: string): RedisMulti;
  pExpire(key: string, milliseconds: number): RedisMulti;
  exec(): Promise<unknown>;
};
type RedisLike = {
  get(key: string): Promise<string | null>;
  multi(): RedisMulti;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
};

/**
 * Counters in Redis. If Redis cannot be reached the limiter lets the request through and
 * logs it: a Redis outage must not lock every student out of their account.
 *
 * The window comes from this process's clock, but a key's expiry is given to Redis as a
 * time to live, never as a moment: Redis and the server may disagree about the time.
 */
export function redisRateLimiter({
  client,
  logger,
  prefix = "studyzed:rate:",
  now = () => Date.now(),
}: {
  client: RedisLike;
  logger: Logger;
  prefix?: string;
  now?: () => number;
}): RateLimiter {
  const idOf = (key: string, rule: RateRule, index: number) =>
    `${prefix}${key}:${rule.windowSeconds}:${index}`;
  return {
    async check(key, rule) {
      const window = windowOf(rule, now());
      try {
        const count = Number((await client.get(idOf(key, rule, window.index))) ?? 0);
        return { allowed: count < rule.limit, retryAfterSeconds: window.retryAfterSeconds };
      } catch (error) {
        logger.error(
          { err: error },
          "rate limiter: Redis unavailable, letting the request through",
        );
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
    async hit(key, rule) {
      const time = now();
      const window = windowOf(rule, time);
      const id = idOf(key, rule, window.index);
      try {
        const ttlMs = window.expiresAt - time + 1000;
        const [count] = (await client.multi().incr(id).pExpire(id, ttlMs).exec()) as [
          number,
          unknown,
        ];
        return {
          allowed: Number(count) <= rule.limit,
          retryAfterSeconds: window.retryAfterSeconds,
        };
      } catch (error) {
        logger.error(
          { err: error },
          "rate limiter: Redis unavailable, letting the request through",
        );
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
    async close() {
      await (client.close?.() ?? client.quit?.());
    },
  };
}
