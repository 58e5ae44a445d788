import { z } from "zod";
import { isPlainText, PLAIN_TEXT_MESSAGE } from "#app/lib/text-rules";

/** One line or paragraph of an article's text. */
const text = (max: number, min = 1) =>
  z.string().trim().min(min).max(max).refine(isPlainText, PLAIN_TEXT_MESSAGE);

/** An image of the site's own (/images/… or /files/…) or an https address (docs/security.md, "Input"). */
const ArticleImageSchema = z.strictObject({
  src: z
    .string()
    .trim()
    .refine(
      (src) =>
        /^\/(images|media|download)\/[\w/.-]+$/.test(src) ||
        /^\/files\/[0-9a-f]{64}\.(png|jpg|webp)$/.test(src) ||
        /^https:\/\/[^\s"'<>]+$/.test(src),
      "must be a site path under /images/ or an https address",
    ),
  alt: text(300),
});

const Paragraph = text(4000);
const Section = z.strictObject({
  heading: text(200),
  paragraphs: z.array(Paragraph).min(1).max(4),
});

/**
 * An article (docs/requirements.md, "Smartify"): four intro paragraphs, two groups of seven
 * sections, keywords. The second group's last section holds three paragraphs at most,
 * since the older flat shape keeps the keywords in its fourth paragraph field.
 */
export const ArticleBodySchema = z.strictObject({
  title: text(200),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-09-14"),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time like 08:30"),
  poster: text(120),
  position: text(120, 0),
  images: z.tuple([ArticleImageSchema, ArticleImageSchema, ArticleImageSchema]),
  intro: z.tuple([Paragraph, Paragraph, Paragraph, Paragraph]),
  groups: z
    .tuple([
      z.strictObject({ sections: z.array(Section).length(7) }),
      z.strictObject({ sections: z.array(Section).length(7) }),
    ])
    .refine((groups) => groups[1].sections[6]!.paragraphs.length <= 3, {
      message:
        "the second group's last section holds at most three paragraphs (the fourth field carries the keywords)",
      path: [1, "sections", 6, "paragraphs"],
    }),
  closingImage: ArticleImageSchema,
  keywords: z.array(text(60)).min(1).max(20),
});

export const ArticleContentSchema = ArticleBodySchema.extend({ sample: z.boolean() });

export type ArticleBody = z.infer<typeof ArticleBodySchema>;
