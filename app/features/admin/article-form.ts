import type { ArticleDraftSchema } from "#app/features/articles/public.server";
import type { z } from "zod";

/**
 * The article editor's form, field by field. Its values have the shape ArticleDraftSchema
 * reads (the form's input type is that schema's input type), its field names and labels
 * are made here and read back here, so the editor, its action and the messages that name
 * a field cannot drift apart.
 */
export type EditableArticle = z.input<typeof ArticleDraftSchema>;

/** Four paragraphs to a section, but three in the second group's last (its fourth field carried the keywords). */
const paragraphsIn = (group: number, section: number) => (group === 1 && section === 6 ? 3 : 4);
const SECTIONS = 7;

/** The names of the editor's fields: `groups.0.sections.2.paragraphs.1` and the like. */
export const articleField = {
  text: (name: "title" | "date" | "time" | "poster" | "position" | "keywords") => name,
  image: (image: ImageSlot, part: "src" | "alt" | "file") => `${image}.${part}`,
  intro: (paragraph: number) => `intro.${paragraph}`,
  heading: (group: number, section: number) => `groups.${group}.sections.${section}.heading`,
  paragraph: (group: number, section: number, paragraph: number) =>
    `groups.${group}.sections.${section}.paragraphs.${paragraph}`,
};

/**
 * What the editor calls each field, as an admin reads it on the form and in its messages.
 * Sections are numbered 1 to 14 through both groups, so that a number names one section.
 */
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

export type ImageSlot = "images.0" | "images.1" | "images.2" | "closingImage";
export const IMAGE_SLOTS: readonly ImageSlot[] = [
  "images.0",
  "images.1",
  "images.2",
  "closingImage",
];

export function emptyArticle(today: string): EditableArticle {
  return editableFromForm({ date: today, time: "08:00" });
}

/**
 * The editor's values from a posted form: every field present, in the editor's exact shape,
 * whatever was sent, so that a form with a mistake can be shown again as it was typed.
 */
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
    keywords: text("keywords")
      .split(",")
      .map((keyword) => keyword.trim()),
  };
}

/**
 * What the editor's values say, for the draft schema: blank keywords left out (they are
 * one comma-separated box); every other blank stays where it was typed.
 */
export function articleDraftOf(article: EditableArticle): unknown {
  return { ...article, keywords: article.keywords.filter(Boolean) };
}

/** A stored article in the editor's shape: every section and paragraph box there, blank where empty. */
export function editableFromRecord(article: StoredArticle): EditableArticle {
  const group = (index: 0 | 1) => ({
    sections: Array.from({ length: SECTIONS }, (_, section) => {
      const stored = article.groups[index][section];
      return {
        heading: stored?.heading ?? "",
        paragraphs: Array.from(
          { length: paragraphsIn(index, section) },
          (_, paragraph) => stored?.paragraphs[paragraph] ?? "",
        ),
      };
    }),
  });
  return {
    title: article.title,
    date: article.date,
    time: article.time,
    poster: article.poster,
    position: article.position,
    images: article.images,
    intro: [0, 1, 2, 3].map(
      (paragraph) => article.intro[paragraph] ?? "",
    ) as EditableArticle["intro"],
    groups: [group(0), group(1)],
    closingImage: article.closingImage,
    keywords: article.keywords,
  };
}

type StoredImage = { src: string; alt: string };
type StoredArticle = {
  title: string;
  date: string;
  time: string;
  poster: string;
  position: string;
  images: [StoredImage, StoredImage, StoredImage];
  intro: readonly string[];
  groups: readonly [readonly StoredSection[], readonly StoredSection[]];
  closingImage: StoredImage;
  keywords: string[];
};
type StoredSection = { heading: string; paragraphs: readonly string[] };
