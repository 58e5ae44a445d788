import { articleField, IMAGE_SLOTS } from "#app/features/admin/article-form";
import { fullArticle } from "./article-fixtures";

/** A form post, as a browser without JavaScript sends it. */
export function formBody(fields: Record<string, string | number>): {
  body: string;
  contentType: string;
} {
  const body = new URLSearchParams(
    Object.entries(fields).map(([name, value]) => [name, String(value)]),
  );
  return { body: body.toString(), contentType: "application/x-www-form-urlencoded" };
}

const BOUNDARY = "----studyzedtestform";

/** A multipart form post: text fields, then files (name, file name, type, bytes). */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; fileName: string; type: string; bytes: Buffer }[] = [],
): { body: Buffer; contentType: string } {
  const parts = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    ),
    ...files.flatMap(({ field, fileName, type, bytes }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ];
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** The article editor's fields for a complete article, as its form posts them. */
export function articleFormFields(overrides: Record<string, string> = {}): Record<string, string> {
  const article = fullArticle();
  const fields: Record<string, string> = {
    title: article.title,
    date: article.date,
    time: article.time,
    poster: article.poster,
    position: article.position ?? "",
    keywords: article.keywords.join(", "),
  };
  const images = [...article.images, article.closingImage];
  IMAGE_SLOTS.forEach((slot, index) => {
    fields[articleField.image(slot, "src")] = images[index]!.src;
    fields[articleField.image(slot, "alt")] = images[index]!.alt;
  });
  article.intro.forEach((paragraph, index) => (fields[articleField.intro(index)] = paragraph));
  article.groups.forEach((sections, group) =>
    sections.forEach((section, index) => {
      fields[articleField.heading(group, index)] = section.heading;
      section.paragraphs.forEach(
        (paragraph, number) => (fields[articleField.paragraph(group, index, number)] = paragraph),
      );
    }),
  );
  return { ...fields, ...overrides };
}
