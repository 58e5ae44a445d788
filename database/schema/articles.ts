import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { ORIGINS } from "./catalogue";

export type StoredImage = { src: string; alt: string };
export type StoredSection = { heading: string; paragraphs: string[] };

/*
 * An article's GET /List/ item as the JSON text JSON.stringify makes of toLegacyListItem's
 * object (tests/setup/legacy-list-item.ts), kept by the database so that /List/ reads
 * text, never an article (docs/decisions/0058-list-items-kept-as-text.md). The site's address
 * is configuration, not data: where the first image is a path on the site, the item is kept in
 * two parts, and the route puts the address between them; otherwise the start is the whole
 * item and the rest is null. legacy_json_string is a string's JSON text
 * (database/migrations/0010_list_items_kept_as_text.sql).
 */
const FIRST_IMAGE = "(images -> 0 ->> 'src')";
const ON_THE_SITE = `${FIRST_IMAGE} <> '' AND ${FIRST_IMAGE} !~ '^https?://'`;
const AFTER_FIRST_IMAGE = `',"introFirst":' || legacy_json_string(coalesce(intro[1], '')) || '}'`;
const LEGACY_LIST_START =
  `'{"id":' || id::text || ',"title":' || legacy_json_string(title) || ',"date":' || legacy_json_string(date) || ',"time":' || legacy_json_string(time) || ',"firstImage":' || ` +
  `CASE WHEN ${ON_THE_SITE} THEN '"' ELSE legacy_json_string(coalesce(${FIRST_IMAGE}, '')) || ${AFTER_FIRST_IMAGE} END`;
const LEGACY_LIST_REST = `CASE WHEN ${ON_THE_SITE} THEN substr(legacy_json_string(CASE WHEN left(${FIRST_IMAGE}, 1) = '/' THEN '' ELSE '/' END || ${FIRST_IMAGE}), 2) || ${AFTER_FIRST_IMAGE} END`;

/**
 * A Smartify article, stored by its structure (not as the older backend's eighty flat
 * columns); app/features/articles/legacy-shape.ts turns it into the flat shape.
 */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    /** The content file it came from ("manage-exam-stress"); null for articles written on the site. */
    contentKey: text("content_key").unique(),
    title: text("title").notNull(),
    date: text("date").notNull(),
    time: text("time").notNull(),
    poster: text("poster").notNull(),
    position: text("position").notNull(),
    images: jsonb("images").$type<[StoredImage, StoredImage, StoredImage]>().notNull(),
    intro: text("intro").array().notNull(),
    /** Two groups of seven sections. */
    groups: jsonb("groups").$type<[StoredSection[], StoredSection[]]>().notNull(),
    closingImage: jsonb("closing_image").$type<StoredImage>().notNull(),
    keywords: text("keywords").array().notNull(),
    isSample: boolean("is_sample").notNull().default(false),
    published: boolean("published").notNull().default(true),
    origin: text("origin", { enum: ORIGINS }).notNull().default("content"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The /List/ item's JSON text up to where the site's address goes, or all of it. */
    legacyListStart: text("legacy_list_start")
      .notNull()
      .generatedAlwaysAs(sql.raw(LEGACY_LIST_START)),
    /** The rest of the /List/ item, after the site's address; null when none goes in. */
    legacyListRest: text("legacy_list_rest").generatedAlwaysAs(sql.raw(LEGACY_LIST_REST)),
  },
  (table) => [index("articles_published_idx").on(table.published, table.id)],
);
