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
  { allowed: true; giveBack(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

// A place in every counter or in none (docs/security.md#login-and-registration-limits).
export type RateLimiter = {
  reserve(counters: readonly RateCounter[]): Promise<Reservation>;
  close(): Promise<void>;
};

type Options = { now?: () => number };
type StoreOptions = Options & { logger: Logger };

// A shared store that fails (Redis down, a database time-out) counts in this process instead:
// never let through uncounted, never every student locked out.
const insured = (rule: RateRule) => ({ insuranceLimiter: new RateLimiterMemory(limits(rule)) });

export function memoryRateLimiter({ now }: Options = {}): RateLimiter {
  return countersIn((rule) => new RateLimiterMemory(limits(rule)), { now });
}

export function redisRateLimiter({
  client,
  keyPrefix = "studyzed:rate",
  ...options
}: StoreOptions & { client: Pick<RedisClientType, "close">; keyPrefix?: string }) {
  const store = { storeClient: client, useRedisPackage: true, keyPrefix };
  return countersIn(
    (rule) => new RateLimiterRedis({ ...limits(rule), ...store, ...insured(rule) }),
    {
      ...options,
      close: () => client.close(),
    },
  );
}

export function databaseRateLimiter({ db, ...options }: StoreOptions & { db: Database }) {
  const store = { storeClient: db, schema: rateCounters, keyPrefix: "" };
  return countersIn(
    (rule) => new RateLimiterDrizzle({ ...limits(rule), ...store, ...insured(rule) }),
    options,
  );
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

// Stored a second past its window: the store's clock and ours may differ.
function countersIn(
  make: (rule: RateRule) => RateLimiterAbstract,
  { now = Date.now, logger, close }: Options & { logger?: Logger; close?: () => Promise<unknown> },
): RateLimiter {
  const stores = new Map<string, RateLimiterAbstract>();
  const storeFor = (rule: RateRule) => {
    const name = `${rule.limit}/${rule.windowSeconds}`;
    return stores.get(name) ?? stores.set(name, make(rule)).get(name)!;
  };
  const notGivenBack = (error: unknown) =>
    logger?.error({ err: error }, "rate limiter: a place could not be given back");

  return {
    async reserve(counters) {
      const time = now();
      const places = counters.map(({ key, rule }) => {
        const windowMs = rule.windowSeconds * 1000;
        const index = Math.floor(time / windowMs);
        const leftMs = (index + 1) * windowMs - time;
        return {
          id: `${key}:${rule.windowSeconds}:${index}`,
          rule,
          store: storeFor(rule),
          options: { customDuration: (leftMs + 1000) / 1000 },
          retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)),
        };
      });
      const taken: typeof places = [];
      const giveBack = () =>
        Promise.all(taken.map(({ id, store, options }) => store.reward(id, 1, options))).then(
          () => {},
          notGivenBack,
        );
      for (const [position, place] of places.entries()) {
        try {
          await place.store.consume(place.id, 1, place.options);
          taken.push(place);
        } catch (error) {
          // The insured stores count in memory when theirs fails: anything else is a fault.
          if (!(error instanceof RateLimiterRes)) {
            await giveBack();
            throw error;
          }
          taken.push(place);
          await giveBack();
          const later = places.slice(position + 1);
          const counts = await Promise.all(
            later.map(({ id, store }) => store.get(id).catch(() => null)),
          );
          const full = later.filter(
            (one, at) => (counts[at]?.consumedPoints ?? 0) >= one.rule.limit,
          );
          const retryAfterSeconds = Math.max(
            ...[place, ...full].map((one) => one.retryAfterSeconds),
          );
          return { allowed: false, retryAfterSeconds };
        }
      }
      return { allowed: true, giveBack };
    },
    close: async () => void (await close?.()),
  };
}
