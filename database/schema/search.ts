import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, real, text } from "drizzle-orm/pg-core";
import { materials } from "./catalogue";

/**
 * One row per thing a student can find with the search box: a material, a subject page, a
 * published article, a quiz or one of its questions (docs/decisions/0046-search-in-the-database.md).
 * The database keeps the rows of materials, subjects and articles in step itself, by triggers
 * (database/migrations/0007_search.sql); quizzes come from their content files at each start.
 * The server ranks them in its memory (docs/decisions/0082-search-from-memory.md).
 */
export const searchEntries = pgTable(
  "search_entries",
  {
    /** "material:{id}", "subject:{slug}", "article:{id}", "quiz:{slug}", "question:{slug}:{n}". */
    key: text("key").primaryKey(),
    /** What it is: a material's kind, or "subject", "article", "quiz", "question". */
    kind: text("kind").notNull(),
    materialId: integer("material_id").references(() => materials.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Where it sits, as shown under the title ("Pathology · 2019"). */
    place: text("place").notNull(),
    /** Shown under the place line: a description or the start of the text. */
    summary: text("summary").notNull().default(""),
    /** Words a student types that the title may not hold: short forms, codes, grades, years. */
    terms: text("terms").notNull().default(""),
    body: text("body").notNull().default(""),
    /** The page it is on (or is). */
    href: text("href").notNull(),
    /** Added to the rank, so that the obvious answer (a booklet, a subject page) comes first. */
    boost: real("boost").notNull().default(0),
  },
  (table) => [index("search_entries_material_idx").on(table.materialId)],
);

/**
 * Moved by the database's triggers whenever a search entry changes, whoever changes it: a
 * server whose index is older makes it again (database/migrations/0016_search_from_memory.sql).
 */
export const searchVersion = pgTable(
  "search_version",
  {
    only: boolean("only").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (table) => [check("search_version_one_row", sql`${table.only}`)],
);
