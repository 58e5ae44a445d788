import { pgTable, text } from "drizzle-orm/pg-core";

/**
 * What the site itself keeps about the database, by name. "prepared" holds the fingerprint of
 * the code, content files and migrations the database was last prepared from, so a restart
 * with the same ones skips loading them again (server/prepare-database.ts).
 */
export const siteState = pgTable("site_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
