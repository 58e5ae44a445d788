import {
  bigint,
  boolean,
  char,
  index,
  pgTable,
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
