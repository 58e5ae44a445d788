import { z } from "zod";
import type { articles, StoredSection } from "#database/schema";
import { isPlainText, PLAIN_TEXT_MESSAGE } from "#app/lib/text-rules";

const text = (max: number, min = 1) =>
  z.string().trim().min(min).max(max).refine(isPlainText, PLAIN_TEXT_MESSAGE);

const IMAGE_ADDRESS_MESSAGE = "must be a site path under /images/ or an https address";
const isImageAddress = (src: string) =>
  /^\/(images|media|download)\/[\w/.-]+$/.test(src) ||
  /^\/files\/[0-9a-f]{64}\.(png|jpg|webp)$/.test(src) ||
  /^https:\/\/[^\s"'<>]+$/.test(src);

// A draft needs only its title (docs/decisions/0037-drafts-and-the-editor-on-a-phone.md).
function articleSchema({ draft }: { draft: boolean }) {
  const min = draft ? 0 : 1;
  const image = z.strictObject({
    src: draft
      ? z
          .string()
          .trim()
          .refine((src) => src === "" || isImageAddress(src), IMAGE_ADDRESS_MESSAGE)
      : z.string().trim().min(1, { abort: true }).refine(isImageAddress, IMAGE_ADDRESS_MESSAGE),
    alt: text(300, min),
  });
  const paragraph = text(4000, min);
  const section = z.strictObject({
    heading: text(200, min),
    paragraphs: z.array(paragraph).min(min).max(4),
  });
  const group = z.strictObject({ sections: z.array(section).length(7) });
  // A draft may leave its date and time empty.
  const matching = (pattern: string, message: string) =>
    z.string().regex(new RegExp(draft ? `^(${pattern})?$` : `^${pattern}$`), message);
  return z.strictObject({
    title: text(200),
    date: matching(String.raw`\d{4}-\d{2}-\d{2}`, "must be a date like 2026-09-14"),
    time: matching(String.raw`([01]\d|2[0-3]):[0-5]\d`, "must be a time like 08:30"),
    poster: text(120, min),
    position: text(120, 0),
    images: z.tuple([image, image, image]),
    intro: z.tuple([paragraph, paragraph, paragraph, paragraph]),
    groups: z
      .tuple([group, group])
      .refine((groups) => groups[1].sections[6]!.paragraphs.length <= 3, {
        message:
          "holds at most three paragraphs: the older app reads the fourth paragraph of the last section as the keywords",
        path: [1, "sections", 6, "paragraphs"],
      }),
    closingImage: image,
    keywords: z.array(text(60)).min(min).max(20),
  });
}

const ArticleBodySchema = articleSchema({ draft: false });
export const ArticleContentSchema = ArticleBodySchema.extend({ sample: z.boolean() });
export const ArticleDraftSchema = articleSchema({ draft: true });
export type ArticleDraft = z.infer<typeof ArticleDraftSchema>;

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

type StoredArticle = Pick<typeof articles.$inferSelect, keyof ReturnType<typeof articleRow>>;

function sharedFields(article: Omit<ArticleDraft, "intro" | "groups">) {
  const { title, date, time, poster, position, images, closingImage, keywords } = article;
  return { title, date, time, poster, position, images, closingImage, keywords };
}

export function articleRow(article: ArticleDraft) {
  return {
    ...sharedFields(article),
    intro: [...article.intro],
    groups: [article.groups[0].sections, article.groups[1].sections] as [
      StoredSection[],
      StoredSection[],
    ],
  };
}

export function draftOfStored(article: StoredArticle): ArticleDraft {
  return {
    ...sharedFields(article),
    intro: [0, 1, 2, 3].map((index) => article.intro[index] ?? "") as ArticleDraft["intro"],
    groups: [{ sections: article.groups[0] }, { sections: article.groups[1] }],
  };
}

export function issuesBeforePublishing(article: StoredArticle) {
  return completeArticle(draftOfStored(article)).error?.issues ?? [];
}
