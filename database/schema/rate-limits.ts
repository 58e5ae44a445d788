import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// rate-limiter-flexible's Drizzle store reads the properties key, points and expire.
export const rateCounters = pgTable(
  "rate_counters",
  {
    key: text("id").primaryKey(),
    points: integer("count").notNull(),
    expire: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_counters_expires_at_idx").on(table.expire)],
);
