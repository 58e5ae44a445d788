import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { storedFiles } from "./files";

/** Where a row came from: the checked-in content files, or an edit made through the site. */
export const ORIGINS = ["content", "site"] as const;

export const SUBJECT_KINDS = ["school_subject", "medical_subject", "course"] as const;

/** A subject or course page: the five school subjects, the eleven medical ones, six courses. */
export const subjects = pgTable("subjects", {
  slug: text("slug").primaryKey(),
  kind: text("kind", { enum: SUBJECT_KINDS }).notNull(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  keywords: text("keywords").array().notNull(),
  cover: text("cover"),
  /** Brain Booster quizzes listed on the page itself (past-paper pages). */
  quizzes: text("quizzes")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  position: integer("position").notNull(),
  origin: text("origin", { enum: ORIGINS }).notNull().default("content"),
});

export const MATERIAL_KINDS = [
  "book",
  "topic_booklet",
  "practice_test",
  "practice_test_answers",
  "past_paper",
  "topical_pdf",
  "product",
  "app_file",
  "video_lesson",
  "podcast_episode",
] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/**
 * Everything a student can download, watch or hear, one row each. Family-specific
 * columns (year and label for papers, grade and price for topics, topics for videos)
 * are null where they do not apply.
 */
export const materials = pgTable(
  "materials",
  {
    id: serial("id").primaryKey(),
    /** Stable, readable identifier; the download address is /download/{key}. */
    key: text("key").notNull().unique(),
    kind: text("kind", { enum: MATERIAL_KINDS }).notNull(),
    /** The page that lists it: "home", "books", "app", "videos", "podcasts" or a subject slug. */
    page: text("page").notNull(),
    subjectSlug: text("subject_slug").references(() => subjects.slug, { onDelete: "set null" }),
    /** Groups a topic's booklet with its practice test and answers: the booklet's key. */
    topicKey: text("topic_key"),
    title: text("title").notNull(),
    description: text("description"),
    grade: text("grade"),
    year: integer("year"),
    label: text("label"),
    image: text("image"),
    imageAlt: text("image_alt"),
    /** A price shown struck through, in ZMW as written ("19.99"). */
    crossedOutPrice: text("crossed_out_price"),
    /** The displayed price of a priced topic, in ngwee (400 = 4 ZMW). */
    priceNgwee: integer("price_ngwee"),
    isFree: boolean("is_free").notNull().default(true),
    brainBooster: text("brain_booster"),
    topics: text("topics").array(),
    youtubeId: text("youtube_id"),
    position: integer("position").notNull(),
    fileId: integer("file_id").references(() => storedFiles.id),
    externalUrl: text("external_url"),
    externalByteSize: bigint("external_byte_size", { mode: "number" }),
    downloadCount: integer("download_count").notNull().default(0),
    origin: text("origin", { enum: ORIGINS }).notNull().default("content"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("materials_page_idx").on(table.page, table.position),
    check(
      "materials_external_https",
      sql`${table.externalUrl} is null or ${table.externalUrl} like 'https://%'`,
    ),
  ],
);
