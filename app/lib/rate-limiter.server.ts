import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { RedisClientType } from "redis";
import type { Database, DatabaseHandle } from "#database/client.server";
import { rateCounters } from "#database/schema";
import type { Logger } from "./logger";

export type RateRule = { limit: number; windowSeconds: number };
export type RateCounter = { key: string; rule: RateRule };

type Reservation =
  | { allowed: true; giveBack(only?: readonly RateCounter[]): Promise<void> }
  | { allowed: false; retryAfterSeconds: number; full: readonly RateCounter[] };

// A place in every counter or in none (docs/security.md#login-and-registration-limits).
export type RateLimiter = {
  reserve(counters: readonly RateCounter[]): Promise<Reservation>;
  close(): Promise<void>;
};

type Options = { now?: () => number };
type StoreOptions = Options & { logger: Logger };

export function memoryRateLimiter({ now }: Options = {}): RateLimiter {
  return countersIn((rule) => new RateLimiterMemory(limits(rule)), { now });
}

export function redisRateLimiter({
  client,
  keyPrefix = "studyzed:rate",
  ...options
}: StoreOptions & { client: Pick<RedisClientType, "close">; keyPrefix?: string }) {
  const store = { storeClient: client, useRedisPackage: true, keyPrefix };
  return countersIn((rule) => new RateLimiterRedis({ ...limits(rule), ...store }), {
    ...options,
    shared: true,
    close: () => client.close(),
  });
}

export function databaseRateLimiter({ db, ...options }: StoreOptions & { db: Database }) {
  const store = { storeClient: db, schema: rateCounters, keyPrefix: "" };
  return countersIn((rule) => new RateLimiterDrizzle({ ...limits(rule), ...store }), {
    ...options,
    shared: true,
  });
}

export async function createRateLimiter({
  redisUrl,
  database,
  logger,
}: {
  redisUrl: string | undefined;
  database: DatabaseHandle;
  logger: Logger;
}): Promise<RateLimiter> {
  if (!redisUrl)
    return database.kind === "postgres"
      ? databaseRateLimiter({ db: database.db, logger })
      : memoryRateLimiter();
  // Loaded only when configured (docs/decisions/0057-start-within-a-second.md).
  const { createClient } = await import("redis");
  const client = createClient({ url: redisUrl, socket: { connectTimeout: 5_000 } });
  client.on("error", (error: unknown) => logger.error({ err: error }, "Redis connection error"));
  await client.connect();
  return redisRateLimiter({ client, logger });
}

const limits = (rule: RateRule) => ({ points: rule.limit, duration: rule.windowSeconds });

// Seconds after a failed give-back to try again, while the place's window lasts.
const GIVE_BACK_RETRIES = [0.2, 2, 20, 120];

type Place = {
  counter: RateCounter;
  id: string;
  options: { customDuration: number };
  retryAfterSeconds: number;
  endsAt: number;
};
type Stores = { own: RateLimiterAbstract; fallback?: RateLimiterAbstract };

// Stored a second past its window: the store's clock and ours may differ. A shared store that
// fails (Redis down, a database time-out or deadlock) counts in this process instead: never let
// through uncounted, never every student locked out (docs/decisions/0074-counters-never-fail-open.md).
function countersIn(
  make: (rule: RateRule) => RateLimiterAbstract,
  options: Options & { logger?: Logger; shared?: boolean; close?: () => Promise<unknown> },
): RateLimiter {
  const { now = Date.now, logger, shared = false, close } = options;
  const stores = new Map<string, Stores>();
  // Made once per rule: a database store starts a sweep timer when made.
  const storesFor = (rule: RateRule): Stores => {
    const name = `${rule.limit}/${rule.windowSeconds}`;
    const made = stores.get(name);
    if (made) return made;
    const fallback = shared ? new RateLimiterMemory(limits(rule)) : undefined;
    return stores.set(name, { own: make(rule), fallback }).get(name)!;
  };
  const storeFailed = (error: unknown, what: string) =>
    logger?.warn({ err: error }, `rate limiter: the shared store failed to ${what}`);

  async function take(place: Place): Promise<{ store: RateLimiterAbstract; allowed: boolean }> {
    const { own, fallback } = storesFor(place.counter.rule);
    const consume = (store: RateLimiterAbstract) =>
      store.consume(place.id, 1, place.options).then(
        () => ({ store, allowed: true }),
        (error: unknown) => {
          if (error instanceof RateLimiterRes) return { store, allowed: false };
          throw error;
        },
      );
    try {
      return await consume(own);
    } catch (error) {
      if (!fallback) throw error;
      storeFailed(error, "count");
      return consume(fallback);
    }
  }

  // A give-back the store missed is tried again: a kept place would lock a student out.
  function giveBack(place: Place, store: RateLimiterAbstract, retry = 0): Promise<void> {
    return store.reward(place.id, 1, place.options).then(
      () => {},
      (error: unknown) => {
        const delay = GIVE_BACK_RETRIES[retry];
        storeFailed(error, "give a place back");
        if (delay === undefined || now() + delay * 1000 >= place.endsAt) return;
        setTimeout(() => void giveBack(place, store, retry + 1), delay * 1000).unref();
      },
    );
  }

  return {
    async reserve(counters) {
      const time = now();
      const places = counters.map((counter): Place => {
        const windowMs = counter.rule.windowSeconds * 1000;
        const index = Math.floor(time / windowMs);
        const leftMs = (index + 1) * windowMs - time;
        return {
          counter,
          id: `${counter.key}:${counter.rule.windowSeconds}:${index}`,
          options: { customDuration: (leftMs + 1000) / 1000 },
          retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)),
          endsAt: time + leftMs,
        };
      });
      const taken: { place: Place; store: RateLimiterAbstract }[] = [];
      const giveBackTaken = async (only: readonly RateCounter[] = counters) => {
        await Promise.all(
          taken
            .filter(({ place }) => only.includes(place.counter))
            .map(({ place, store }) => giveBack(place, store)),
        );
      };
      for (const [position, place] of places.entries()) {
        let result;
        try {
          result = await take(place);
        } catch (error) {
          await giveBackTaken();
          throw error;
        }
        taken.push({ place, store: result.store });
        if (result.allowed) continue;
        await giveBackTaken();
        const later = places.slice(position + 1);
        const counts = await Promise.all(
          later.map(({ id, counter }) =>
            storesFor(counter.rule)
              .own.get(id)
              .catch(() => null),
          ),
        );
        const full = [
          place,
          ...later.filter((one, at) => (counts[at]?.consumedPoints ?? 0) >= one.counter.rule.limit),
        ];
        return {
          allowed: false,
          retryAfterSeconds: Math.max(...full.map((one) => one.retryAfterSeconds)),
          full: full.map((one) => one.counter),
        };
      }
      return { allowed: true, giveBack: giveBackTaken };
    },
    close: async () => void (await close?.()),
  };
}
