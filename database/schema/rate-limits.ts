import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Login and registration counters shared by every server process on one PostgreSQL when
 * there is no Redis (server/postgres-rate-limit.ts): one row per key and window.
 */
export const rateCounters = pgTable(
  "rate_counters",
  {
    /** "{key}:{window seconds}:{window number}", as server/rate-limit.ts names a counter. */
    id: text("id").primaryKey(),
    count: integer("count").notNull(),
    /** A second after its window ends, by the database's clock; swept now and then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_counters_expires_at_idx").on(table.expiresAt)],
);
