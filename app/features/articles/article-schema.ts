import { z } from "zod";
import type { articles, StoredSection } from "#database/schema";
import { isPlainText, PLAIN_TEXT_MESSAGE } from "#app/lib/text-rules";
import { publishingMoment } from "./publishing-moment";

const text = (max: number, min = 1) =>
  z.string().trim().min(min).max(max).refine(isPlainText, PLAIN_TEXT_MESSAGE);

const IMAGE_ADDRESS_MESSAGE = "must be a site path under /images/ or an https address";
const isImageAddress = (src: string) =>
  /^\/(images|media|download)\/[\w/.-]+$/.test(src) ||
  /^\/files\/[0-9a-f]{64}\.(png|jpg|webp)$/.test(src) ||
  /^https:\/\/[^\s"'<>]+$/.test(src);

const imageSrc = z
  .string()
  .trim()
  .refine((src) => src === "" || isImageAddress(src), IMAGE_ADDRESS_MESSAGE);

// A draft needs only its title (docs/decisions/0037-drafts-and-the-editor-on-a-phone.md). A
// published article needs a title, its first picture, its first intro paragraph and its first
// section; any other part may be blank, but not half-filled
// (docs/decisions/0088-a-short-article-publishes.md).
function articleSchema({ draft }: { draft: boolean }) {
  const min = draft ? 0 : 1;
  const firstImage = z.strictObject({
    src: draft
      ? imageSrc
      : z.string().trim().min(1, { abort: true }).refine(isImageAddress, IMAGE_ADDRESS_MESSAGE),
    alt: text(300, min),
  });
  const image = z
    .strictObject({ src: imageSrc, alt: text(300, 0) })
    .superRefine(({ src, alt }, context) => {
      if (draft || (src === "") === (alt === "")) return;
      if (src === "")
        context.addIssue({
          code: "custom",
          path: ["src"],
          message: "is missing: type one, or upload a picture",
        });
      else context.addIssue({ code: "custom", path: ["alt"], message: "is missing" });
    });
  const firstParagraph = text(4000, min);
  const paragraph = text(4000, 0);
  const section = z
    .strictObject({ heading: text(200, 0), paragraphs: z.array(paragraph).max(4) })
    .superRefine(({ heading, paragraphs }, context) => {
      const written = paragraphs.some((text) => text !== "");
      if (draft || (heading === "") === !written) return;
      if (heading === "")
        context.addIssue({ code: "custom", path: ["heading"], message: "is missing" });
      else context.addIssue({ code: "custom", path: ["paragraphs", 0], message: "is missing" });
    });
  const group = z.strictObject({ sections: z.array(section).length(7) });
  // A draft may leave its date and time empty.
  const matching = (pattern: string, message: string) =>
    z.string().regex(new RegExp(draft ? `^(${pattern})?$` : `^${pattern}$`), message);
  return z.strictObject({
    title: text(200),
    date: matching(String.raw`\d{4}-\d{2}-\d{2}`, "must be a date like 2026-09-14"),
    time: matching(String.raw`([01]\d|2[0-3]):[0-5]\d`, "must be a time like 08:30"),
    poster: text(120, 0),
    position: text(120, 0),
    images: z.tuple([firstImage, image, image]),
    intro: z.tuple([firstParagraph, paragraph, paragraph, paragraph]),
    groups: z
      .tuple([group, group])
      .refine((groups) => groups[1].sections[6]!.paragraphs.length <= 3, {
        message:
          "holds at most three paragraphs: the older app reads the fourth paragraph of the last section as the keywords",
        path: [1, "sections", 6, "paragraphs"],
      })
      .superRefine((groups, context) => {
        const first = groups[0].sections[0]!;
        if (draft || first.heading !== "" || first.paragraphs.some((text) => text !== "")) return;
        for (const path of [["heading"], ["paragraphs", 0]])
          context.addIssue({
            code: "custom",
            path: [0, "sections", 0, ...path],
            message: "is missing",
          });
      }),
    closingImage: image,
    keywords: z.array(text(60)).max(20),
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

/** What keeps an article from being published now, which sets its date and time. */
export function issuesBeforePublishing(article: StoredArticle) {
  const draft = { ...draftOfStored(article), ...publishingMoment(new Date()) };
  return completeArticle(draft).error?.issues ?? [];
}
