import type { z } from "zod";
import type { ArticleDraftSchema } from "#app/features/articles/public.server";

// The editor's field names and labels are made and read back here, so the editor, its action
// and the messages that name a field cannot drift apart.
export type EditableArticle = z.input<typeof ArticleDraftSchema>;

// The second group's last section has three: the older app reads a fourth as the keywords.
const paragraphsIn = (group: number, section: number) => (group === 1 && section === 6 ? 3 : 4);
const SECTIONS = 7;

export const IMAGE_SLOTS = ["images.0", "images.1", "images.2", "closingImage"] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

export const articleField = {
  text: (name: "title" | "date" | "time" | "poster" | "position" | "keywords") => name,
  image: (image: ImageSlot, part: "src" | "alt" | "file") => `${image}.${part}`,
  intro: (paragraph: number) => `intro.${paragraph}`,
  heading: (group: number, section: number) => `groups.${group}.sections.${section}.heading`,
  paragraph: (group: number, section: number, paragraph: number) =>
    `groups.${group}.sections.${section}.paragraphs.${paragraph}`,
};

// Sections are numbered 1 to 14 through both groups, so that a number names one section.
export const articleLabel = {
  text: {
    title: "Title",
    date: "Date",
    time: "Time",
    poster: "Posted by",
    position: "Position",
    keywords: "Keywords",
  },
  image: (image: ImageSlot) =>
    image === "closingImage" ? "Closing image" : `Image ${Number(image.slice(-1)) + 1}`,
  imageAddress: (image: ImageSlot) => `${articleLabel.image(image)} address`,
  imageDescription: (image: ImageSlot) => `${articleLabel.image(image)} description`,
  intro: (paragraph: number) => `Intro paragraph ${paragraph + 1}`,
  section: (group: number, section: number) => `Section ${group * SECTIONS + section + 1}`,
  heading: (group: number, section: number) => `${articleLabel.section(group, section)} heading`,
  paragraph: (group: number, section: number, paragraph: number) =>
    `${articleLabel.section(group, section)} paragraph ${paragraph + 1}`,
};

/** Date and time blank: publishing sets them (docs/decisions/0088-a-short-article-publishes.md). */
export function emptyArticle(): EditableArticle {
  return editableFromForm({});
}

/** Every box present, whatever was sent, so a form with a mistake can be shown again as typed. */
export function editableFromForm(fields: Readonly<Record<string, string>>): EditableArticle {
  const text = (name: string) => fields[name] ?? "";
  const image = (slot: ImageSlot) => ({
    src: text(articleField.image(slot, "src")),
    alt: text(articleField.image(slot, "alt")),
  });
  const group = (index: number) => ({
    sections: Array.from({ length: SECTIONS }, (_, section) => ({
      heading: text(articleField.heading(index, section)),
      paragraphs: Array.from({ length: paragraphsIn(index, section) }, (_, paragraph) =>
        text(articleField.paragraph(index, section, paragraph)),
      ),
    })),
  });
  return {
    title: text("title"),
    date: text("date"),
    time: text("time"),
    poster: text("poster"),
    position: text("position"),
    images: [image("images.0"), image("images.1"), image("images.2")],
    intro: [text("intro.0"), text("intro.1"), text("intro.2"), text("intro.3")],
    groups: [group(0), group(1)],
    closingImage: image("closingImage"),
    keywords: splitKeywords(text("keywords")),
  };
}

const splitKeywords = (text: string) => text.split(",").map((keyword) => keyword.trim());

// A field's name is its value's path in the article (`groups.0.sections.2.heading`); the
// keywords share one box, separated by commas.
function holderOf(article: EditableArticle, name: string) {
  const path = name.split(".");
  const key = path.pop()!;
  let holder: Record<string, unknown> = article;
  for (const step of path) holder = holder[step] as Record<string, unknown>;
  return { holder, key };
}

export function fieldValue(article: EditableArticle, name: string): string {
  const { holder, key } = holderOf(article, name);
  const value = holder[key];
  if (Array.isArray(value)) return value.join(", ");
  return typeof value === "string" ? value : "";
}

export function setField(article: EditableArticle, name: string, value: string): void {
  const { holder, key } = holderOf(article, name);
  holder[key] = key === "keywords" ? splitKeywords(value) : value;
}

/** Blank keywords are left out (they share one box); every other blank stays where it was typed. */
export function articleDraftOf(article: EditableArticle): unknown {
  return { ...article, keywords: article.keywords.filter(Boolean) };
}
