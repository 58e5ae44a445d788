import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, real, text } from "drizzle-orm/pg-core";
import { materials } from "./catalogue";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * One row per thing a student can find with the search box: a material, a subject page, a
 * published article, a quiz or one of its questions (docs/decisions/0046-search-in-the-database.md).
 * The database keeps the rows of materials, subjects and articles in step itself, by triggers
 * (database/migrations/0007_search.sql); quizzes come from their content files at each start.
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
    document: tsvector("document")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', terms), 'A') || setweight(to_tsvector('english', place), 'B') || setweight(to_tsvector('english', body), 'D')`,
      ),
  },
  // Without a pending list, which PGlite (no autovacuum) would leave for every search to read
  // (docs/decisions/0049-search-speed.md).
  (table) => [
    index("search_entries_document_idx").using("gin", table.document).with({ fastupdate: false }),
    index("search_entries_material_idx").on(table.materialId),
  ],
);

/**
 * Every word of the searchable text, once, for close spellings ("quadratc" → "quadratic"):
 * pg_trgm's own recipe for spelling suggestions. Filled by a trigger on search_entries.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (table) => [
  // Without a pending list, as search_entries_document_idx.
  index("search_words_trgm_idx")
    .using("gin", sql`${table.word} gin_trgm_ops`)
    .with({ fastupdate: false }),
]);
