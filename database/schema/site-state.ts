import { bigint, boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * What the site itself keeps about the database, by name. "prepared" holds the fingerprint of
 * the code, content files and migrations the database was last prepared from, so a restart
 * with the same ones skips loading them again (server/prepare-database.ts).
 */
export const siteState = pgTable("site_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * One row that counts the changes made to what students see. Triggers on the content tables
 * add one in the transaction that makes a change, however it is made (the site, a content
 * load, plain SQL), so every server learns by one small read that its response cache is out of
 * date (database/migrations/0011_content_version.sql, docs/decisions/0067-one-response-cache.md).
 */
export const contentVersion = pgTable(
  "content_version",
  {
    only: boolean("only").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (table) => [check("content_version_one_row", sql`${table.only}`)],
);
