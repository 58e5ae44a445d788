import { z } from "zod";
import { isPlainText, PLAIN_TEXT_MESSAGE } from "#app/lib/text-rules";

/** One line or paragraph of an article's text; `min` 0 lets it be blank. */
const text = (max: number, min = 1) =>
  z.string().trim().min(min).max(max).refine(isPlainText, PLAIN_TEXT_MESSAGE);

const IMAGE_ADDRESS_MESSAGE = "must be a site path under /images/ or an https address";
const isImageAddress = (src: string) =>
  /^\/(images|media|download)\/[\w/.-]+$/.test(src) ||
  /^\/files\/[0-9a-f]{64}\.(png|jpg|webp)$/.test(src) ||
  /^https:\/\/[^\s"'<>]+$/.test(src);

/** An image of the site's own (/images/… or /files/…) or an https address (docs/security.md, "Input"). */
const ArticleImageSchema = z.strictObject({
  src: z.string().trim().min(1, { abort: true }).refine(isImageAddress, IMAGE_ADDRESS_MESSAGE),
  alt: text(300),
});

const Paragraph = text(4000);
const Section = z.strictObject({
  heading: text(200),
  paragraphs: z.array(Paragraph).min(1).max(4),
});

/** The older flat shape keeps the keywords in the fourth paragraph field of the last section. */
const LAST_SECTION_RULE = {
  message:
    "holds at most three paragraphs: the older app reads the fourth paragraph of the last section as the keywords",
  path: [1, "sections", 6, "paragraphs"],
};

/**
 * An article (docs/requirements.md, "Smartify"): four intro paragraphs, two groups of seven
 * sections, keywords. The second group's last section holds three paragraphs at most,
 * since the older flat shape keeps the keywords in its fourth paragraph field. Every
 * published article has this shape; a draft may not yet (ArticleDraftSchema).
 */
const ArticleBodySchema = z.strictObject({
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
    .refine((groups) => groups[1].sections[6]!.paragraphs.length <= 3, LAST_SECTION_RULE),
  closingImage: ArticleImageSchema,
  keywords: z.array(text(60)).min(1).max(20),
});

export const ArticleContentSchema = ArticleBodySchema.extend({ sample: z.boolean() });

const DraftImageSchema = z.strictObject({
  src: z
    .string()
    .trim()
    .refine((src) => src === "" || isImageAddress(src), IMAGE_ADDRESS_MESSAGE),
  alt: text(300, 0),
});
const DraftParagraph = text(4000, 0);
const DraftSection = z.strictObject({
  heading: text(200, 0),
  paragraphs: z.array(DraftParagraph).max(4),
});

/**
 * An article still being written (docs/decisions/0037-drafts-and-the-editor-on-a-phone.md):
 * the same shape, in which only the title is needed and any part may be blank, each blank
 * kept where it was typed; what is filled in already follows the article's rules.
 */
export const ArticleDraftSchema = z.strictObject({
  title: text(200),
  date: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, "must be a date like 2026-09-14"),
  time: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d)?$/, "must be a time like 08:30"),
  poster: text(120, 0),
  position: text(120, 0),
  images: z.tuple([DraftImageSchema, DraftImageSchema, DraftImageSchema]),
  intro: z.tuple([DraftParagraph, DraftParagraph, DraftParagraph, DraftParagraph]),
  groups: z
    .tuple([
      z.strictObject({ sections: z.array(DraftSection).length(7) }),
      z.strictObject({ sections: z.array(DraftSection).length(7) }),
    ])
    .refine((groups) => groups[1].sections[6]!.paragraphs.length <= 3, LAST_SECTION_RULE),
  closingImage: DraftImageSchema,
  keywords: z.array(text(60)).max(20),
});

export type ArticleDraft = z.infer<typeof ArticleDraftSchema>;

/**
 * The draft as an article ready to publish, or what keeps it from being one. Blank
 * paragraphs inside a section close up, as they do on the page; everything else the
 * article needs must be there.
 */
export function completeArticle(draft: ArticleDraft) {
  return ArticleBodySchema.safeParse({
    ...draft,
    groups: draft.groups.map((group) => ({
      sections: group.sections.map((section) => ({
        ...section,
        paragraphs: section.paragraphs.filter((paragraph) => paragraph !== ""),
      })),
    })),
  });
}

type StoredArticle = {
  title: string;
  date: string;
  time: string;
  poster: string;
  position: string;
  images: ArticleDraft["images"];
  intro: readonly string[];
  groups: readonly [ArticleDraft["groups"][0]["sections"], ArticleDraft["groups"][1]["sections"]];
  closingImage: ArticleDraft["closingImage"];
  keywords: string[];
};

/** A stored article (a row of the articles table) as the draft it was saved from. */
export function draftOfStored(article: StoredArticle): ArticleDraft {
  return {
    title: article.title,
    date: article.date,
    time: article.time,
    poster: article.poster,
    position: article.position,
    images: article.images,
    intro: [0, 1, 2, 3].map((index) => article.intro[index] ?? "") as ArticleDraft["intro"],
    groups: [{ sections: article.groups[0] }, { sections: article.groups[1] }],
    closingImage: article.closingImage,
    keywords: article.keywords,
  };
}

/** What keeps a stored article from being published: nothing for a complete one. */
export function issuesBeforePublishing(article: StoredArticle) {
  return completeArticle(draftOfStored(article)).error?.issues ?? [];
}
