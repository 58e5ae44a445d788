import type { z } from "zod";
import { articleField, articleLabel, type ImageSlot } from "./article-form";

// `field` is "" when no single field holds the problem.
export type FieldProblem = { field: string; message: string };

type Issue = Pick<z.core.$ZodIssue, "code" | "path" | "message"> & {
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
};
type FieldKind = "text" | "image" | "keywords" | "keyword" | "section" | "article";
type Field = { field: string; label: string; kind: FieldKind };

/** Each field named as the form labels it, never by the schema's path; one problem a field. */
export function describeArticleProblems(issues: readonly Issue[]): FieldProblem[] {
  const problems = new Map<string, FieldProblem>();
  for (const issue of issues) {
    const { field, label, kind } = fieldOf(issue);
    if (!problems.has(field)) problems.set(field, { field, message: sentence(label, kind, issue) });
  }
  return [...problems.values()];
}

const textField = (field: string, label: string): Field => ({ field, label, kind: "text" });

function fieldOf({ path, code }: Issue): Field {
  const [first, second, third, fourth, fifth, sixth] = path;
  switch (first) {
    case "title":
    case "date":
    case "time":
    case "poster":
    case "position":
      return textField(articleField.text(first), articleLabel.text[first]);
    case "keywords":
      return typeof second === "number"
        ? { field: "keywords", label: `Keyword ${second + 1}`, kind: "keyword" }
        : { field: "keywords", label: articleLabel.text.keywords, kind: "keywords" };
    case "intro":
      if (typeof second !== "number") break;
      return textField(articleField.intro(second), articleLabel.intro(second));
    case "images":
      if (typeof second !== "number") break;
      return imageField(`images.${second}` as ImageSlot, third);
    case "closingImage":
      return imageField("closingImage", second);
    case "groups":
      if (typeof second !== "number" || third !== "sections" || typeof fourth !== "number") break;
      if (fifth === "heading")
        return textField(
          articleField.heading(second, fourth),
          articleLabel.heading(second, fourth),
        );
      // A section with no paragraph at all wants its first one.
      if (fifth === "paragraphs" && (typeof sixth === "number" || code === "too_small")) {
        const paragraph = typeof sixth === "number" ? sixth : 0;
        return textField(
          articleField.paragraph(second, fourth, paragraph),
          articleLabel.paragraph(second, fourth, paragraph),
        );
      }
      return { field: "", label: articleLabel.section(second, fourth), kind: "section" };
  }
  return { field: "", label: "The article", kind: "article" };
}

function imageField(slot: ImageSlot, part: PropertyKey | undefined): Field {
  return part === "alt"
    ? textField(articleField.image(slot, "alt"), articleLabel.imageDescription(slot))
    : {
        field: articleField.image(slot, "src"),
        label: articleLabel.imageAddress(slot),
        kind: "image",
      };
}

function sentence(label: string, kind: FieldKind, issue: Issue): string {
  const count = (value: unknown) => Number(value).toLocaleString("en");
  const missing = issue.code === "too_small" && Number(issue.minimum) <= 1;
  if (missing && kind === "keywords")
    return `${label} are missing: add at least one, separated by commas.`;
  if (missing && kind === "image") return `${label} is missing: type one, or upload a picture.`;
  if (missing) return `${label} is missing.`;
  if (issue.code === "too_big" && kind === "keywords")
    return `${label}: use at most ${count(issue.maximum)}.`;
  if (issue.code === "too_big" && issue.origin === "string")
    return `${label} is too long: use at most ${count(issue.maximum)} characters.`;
  if (issue.code === "too_big" && kind === "section")
    return `${label} holds at most ${count(issue.maximum)} paragraphs.`;
  if (issue.code === "custom" || issue.code === "invalid_format")
    return `${label} ${issue.message}.`;
  return `${label} is not valid.`;
}
