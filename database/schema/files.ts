import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * A file the site serves (booklet, past paper, cover, app). The bytes live behind the
 * storage interface, addressed by their sha256; this row is what the rest of the code knows.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    sha256: char("sha256", { length: 64 }).notNull(),
    byteSize: bigint("byte_size", { mode: "number" }).notNull(),
    contentType: text("content_type").notNull(),
    /** The readable name a download is saved under. */
    fileName: text("file_name").notNull(),
    /** True for the generated "Sample – …" files a fresh install starts with. */
    isSample: boolean("is_sample").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stored_files_sha256_idx").on(table.sha256)],
);

/**
 * The lite copy of a PDF, for reading on a phone (docs/decisions/0064-lite-pdf-copies.md), by
 * the full file's content: a file uploaded twice is lightened once. Either the lite copy's
 * bytes are in storage, or `reason` says why there is none.
 */
export const liteCopies = pgTable(
  "lite_copies",
  {
    fullSha256: char("full_sha256", { length: 64 }).primaryKey(),
    liteSha256: char("lite_sha256", { length: 64 }),
    liteByteSize: bigint("lite_byte_size", { mode: "number" }),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "lite_copies_made_or_why_not",
      sql`(${table.liteSha256} is not null and ${table.liteByteSize} is not null and ${table.reason} is null) or (${table.liteSha256} is null and ${table.liteByteSize} is null and ${table.reason} is not null)`,
    ),
  ],
);

/**
 * The copies of an uploaded picture made for the places it is shown, one a width and height
 * (docs/decisions/0087-article-pictures-sized-for-their-place.md). Each copy is a stored file
 * of its own; the original stays as uploaded, for the owner.
 */
export const pictureSizes = pgTable(
  "picture_sizes",
  {
    originalSha256: char("original_sha256", { length: 64 }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: char("sha256", { length: 64 }).notNull(),
    byteSize: bigint("byte_size", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.originalSha256, table.width, table.height] })],
);
