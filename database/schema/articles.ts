import { boolean, index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { ORIGINS } from "./catalogue";

export type StoredImage = { src: string; alt: string };
export type StoredSection = { heading: string; paragraphs: string[] };

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
  },
  (table) => [index("articles_published_idx").on(table.published, table.id)],
);
