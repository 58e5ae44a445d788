import type { Logger } from "#app/lib/logger";
import type { RateCounter, RateLimiter, RateRule, Reservation } from "#app/lib/rate-limiter";

function windowOf(rule: RateRule, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    index: start / windowMs,
    retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)),
    /** Milliseconds from now to a second after the window ends: how long its count is kept. */
    keepMs: start + windowMs - now + 1000,
  };
}

/** Each counter's id in its current window, and what to say if it is full. */
export function placesOf(counters: readonly RateCounter[], now: number) {
  return counters.map(({ key, rule }) => {
    const window = windowOf(rule, now);
    return { id: `${key}:${rule.windowSeconds}:${window.index}`, rule, window };
  });
}

export const refusal = (full: { window: { retryAfterSeconds: number } }[]): Reservation => ({
  allowed: false,
  retryAfterSeconds: Math.max(...full.map((place) => place.window.retryAfterSeconds)),
});

/** Counters in this process's memory: one JavaScript turn makes each reservation atomic. */
/**
 * A place taken in a shared store (Redis, PostgreSQL), given back with `giveBack`; a store
 * that cannot answer is logged by `unavailable` and never fails the attempt.
 */
export function sharedReservation(
  giveBack: () => Promise<unknown>,
  unavailable: (error: unknown) => void,
): Reservation {
  return {
    allowed: true,
    async giveBack() {
      try {
        await giveBack();
      } catch (error) {
        unavailable(error);
      }
    },
  };
}

/** A store that cannot answer lets the attempt through: an outage must not lock every student out. */
export const LET_THROUGH: Reservation = { allowed: true, giveBack: () => Promise.resolve() };

export function memoryRateLimiter({
  now = () => Date.now(),
}: { now?: () => number } = {}): RateLimiter {
  const counts = new Map<string, { count: number; expiresAt: number }>();
  let lastSweep = now();
  const sweep = (time: number) => {
    if (time - lastSweep < 60_000) return;
    for (const [id, entry] of counts) if (entry.expiresAt <= time) counts.delete(id);
    lastSweep = time;
  };
  return {
    reserve(counters) {
      const time = now();
      sweep(time);
      const places = placesOf(counters, time);
      const full = places.filter(({ id, rule }) => (counts.get(id)?.count ?? 0) >= rule.limit);
      if (full.length) return Promise.resolve(refusal(full));
      for (const { id, window } of places) {
        const entry = counts.get(id) ?? { count: 0, expiresAt: time + window.keepMs };
        entry.count++;
        counts.set(id, entry);
      }
      return Promise.resolve({
        allowed: true,
        giveBack() {
          for (const { id } of places) {
            const entry = counts.get(id);
            if (entry && entry.count > 0) entry.count--;
          }
          return Promise.resolve();
        },
      });
    },
    close() {
      counts.clear();
      return Promise.resolve();
    },
  };
}

/**
 * Looks at every counter, and only if none is full counts one in each: one script, so
 * Redis runs it whole, with nothing from another server process in between. Answers the
 * 1-based positions of the full counters, none when the places were taken. Each count is
 * kept for a time to live (ARGV), never until a moment: Redis and the server may disagree
 * about the time.
 */
const RESERVE_SCRIPT = `
local full = {}
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[2 * i - 1]) then
    full[#full + 1] = i
  end
end
if #full > 0 then return full end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('PEXPIRE', key, ARGV[2 * i])
end
return full
`;

/** Gives one place back in each counter that still holds one. */
const GIVE_BACK_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0
`;

type RedisLike = {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
};

/**
 * Counters in Redis, shared by every server process. If Redis cannot be reached the limiter
 * lets the request through and logs it: a Redis outage must not lock every student out.
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
  const unavailable = (error: unknown) =>
    logger.error({ err: error }, "rate limiter: Redis unavailable, letting the request through");
  return {
    async reserve(counters) {
      const places = placesOf(counters, now());
      const keys = places.map(({ id }) => `${prefix}${id}`);
      try {
        const full = (await client.eval(RESERVE_SCRIPT, {
          keys,
          arguments: places.flatMap(({ rule, window }) => [
            String(rule.limit),
            String(Math.ceil(window.keepMs)),
          ]),
        })) as number[];
        if (full.length) return refusal(full.map((position) => places[position - 1]!));
      } catch (error) {
        unavailable(error);
        return LET_THROUGH;
      }
      return sharedReservation(
        () => client.eval(GIVE_BACK_SCRIPT, { keys, arguments: [] }),
        unavailable,
      );
    },
    async close() {
      await (client.close?.() ?? client.quit?.());
    },
  };
}
