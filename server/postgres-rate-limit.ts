import { sql } from "drizzle-orm";
import { selectRows, type Database } from "#database/client.server";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter } from "#app/lib/rate-limiter";
import { LET_THROUGH, placesOf, refusal, sharedReservation } from "./rate-limit";

/** How often one process deletes the counters whose windows have passed. */
const SWEEP_EVERY_MS = 60_000;

/** Thrown inside the reserving transaction so that it rolls back: no counter is taken. */
class CounterFull extends Error {
  constructor(readonly fullIds: ReadonlySet<string>) {
    super("a counter is full");
  }
}

/**
 * Counters in PostgreSQL (the rate_counters table), shared by every server process on one
 * database when there is no Redis (docs/decisions/0053-shared-limits-and-several-processes.md).
 *
 * One transaction counts one in every counter (INSERT ... ON CONFLICT DO UPDATE, whose row
 * locks make a second process's attempt on the same counter wait for this one) and rolls
 * back when any went past its limit, so a place is taken in every counter or in none.
 * Counters are locked in the order of their ids, so two attempts never wait on each other.
 * Each count is kept until a second after its window by the database's own clock: the
 * database and the server may disagree about the time. If the database cannot answer, the
 * request goes through and the log says so, as with Redis (server/rate-limit.ts).
 */
export function postgresRateLimiter({
  db,
  logger,
  now = () => Date.now(),
}: {
  db: Database;
  logger: Logger;
  now?: () => number;
}): RateLimiter {
  const unavailable = (error: unknown) =>
    logger.error(
      { err: error },
      "rate limiter: the database is unavailable, letting the request through",
    );
  let lastSweep = 0;
  const sweep = () => {
    const time = Date.now();
    if (time - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = time;
    db.execute(sql`delete from rate_counters where expires_at < now()`).catch(unavailable);
  };

  return {
    async reserve(counters) {
      sweep();
      const places = placesOf(counters, now());
      // One row each, even should two counters name the same one.
      const rows = [...new Map(places.map((place) => [place.id, place])).values()].sort((a, b) =>
        a.id < b.id ? -1 : 1,
      );
      const ids = rows.map(({ id }) => id);
      try {
        await db.transaction(async (tx) => {
          const counted = await selectRows<{ id: string; count: number }>(
            tx,
            sql`insert into rate_counters (id, count, expires_at) values ${sql.join(
              rows.map(
                ({ id, window }) =>
                  sql`(${id}, 1, now() + ${Math.ceil(window.keepMs)} * interval '1 millisecond')`,
              ),
              sql`, `,
            )}
            on conflict (id) do update set
              count = case when rate_counters.expires_at <= now() then 1
                else rate_counters.count + 1 end,
              expires_at = case when rate_counters.expires_at <= now() then excluded.expires_at
                else rate_counters.expires_at end
            returning id, count`,
          );
          const countOf = new Map(counted.map(({ id, count }) => [id, Number(count)]));
          const full = rows.filter(({ id, rule }) => (countOf.get(id) ?? 0) > rule.limit);
          if (full.length) throw new CounterFull(new Set(full.map(({ id }) => id)));
        });
      } catch (error) {
        if (error instanceof CounterFull)
          return refusal(places.filter(({ id }) => error.fullIds.has(id)));
        unavailable(error);
        return LET_THROUGH;
      }
      return sharedReservation(
        () =>
          db.execute(
            sql`update rate_counters set count = count - 1
              where id in ${ids} and count > 0`,
          ),
        unavailable,
      );
    },
    // The database belongs to the server, which closes it.
    close: () => Promise.resolve(),
  };
}
