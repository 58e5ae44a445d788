import { describe, expect, it } from "vitest";
import { ArticleDraftSchema, completeArticle } from "#app/features/articles/public.server";
import { articleFormFields } from "#tests/setup/forms";
import { articleDraftOf, editableFromForm } from "./article-form";
import { describeArticleProblems } from "./article-problems";

/** The editor's form as posted, through the draft schema: the problems a draft has. */
function draftProblems(fields: Record<string, string>) {
  const draft = ArticleDraftSchema.safeParse(articleDraftOf(editableFromForm(fields)));
  return draft.success ? [] : describeArticleProblems(draft.error.issues);
}

/** The problems that keep a valid draft from being published. */
function publishingProblems(fields: Record<string, string>) {
  const draft = ArticleDraftSchema.parse(articleDraftOf(editableFromForm(fields)));
  const complete = completeArticle(draft);
  return complete.success ? [] : describeArticleProblems(complete.error.issues);
}

const messages = (problems: { message: string }[]) => problems.map((problem) => problem.message);

describe("describeArticleProblems", () => {
  it("names what a title-only draft lacks the way the form labels it: the first picture, intro paragraph and section", () => {
    const problems = publishingProblems({
      title: "Only a title",
      date: "2026-11-27",
      time: "15:05",
    });
    expect(messages(problems)).toEqual([
      "Image 1 address is missing: type one, or upload a picture.",
      "Image 1 description is missing.",
      "Intro paragraph 1 is missing.",
      "Section 1 heading is missing.",
      "Section 1 paragraph 1 is missing.",
    ]);
  });

  it("never shows the schema's internal names", () => {
    const problems = publishingProblems({ title: "Only a title" });
    for (const message of messages(problems))
      expect(message).not.toMatch(/images|intro\b|groups|sections|closingImage|paragraphs\.|\.\d/);
  });

  it("gives each problem the form field that holds it, so a message can link to its box", () => {
    const problems = publishingProblems({
      title: "Half a picture, half a section",
      date: "2026-11-27",
      time: "15:05",
      "images.0.src": "/images/articles/a.webp",
      "images.0.alt": "A desk",
      "intro.0": "Intro one.",
      "groups.0.sections.0.heading": "Start",
      "groups.0.sections.0.paragraphs.0": "Paragraph one.",
      "images.2.src": "/images/articles/c.webp",
      "closingImage.alt": "A closing picture",
      "groups.0.sections.4.paragraphs.1": "A paragraph without its heading.",
      "groups.1.sections.1.heading": "A heading without a paragraph",
    });
    expect(problems).toEqual([
      { field: "images.2.alt", message: "Image 3 description is missing." },
      { field: "groups.0.sections.4.heading", message: "Section 5 heading is missing." },
      { field: "groups.1.sections.1.paragraphs.0", message: "Section 9 paragraph 1 is missing." },
      {
        field: "closingImage.src",
        message: "Closing image address is missing: type one, or upload a picture.",
      },
    ]);
  });

  it("numbers the second group's sections 8 to 14", () => {
    const fields = articleFormFields({ "groups.1.sections.2.heading": "x".repeat(201) });
    expect(draftProblems(fields)).toEqual([
      {
        field: "groups.1.sections.2.heading",
        message: "Section 10 heading is too long: use at most 200 characters.",
      },
    ]);
  });

  it("says what is wrong with a part that is filled in wrongly", () => {
    const fields = articleFormFields({
      date: "14/09/2026",
      "images.1.src": "javascript:alert(1)",
      "groups.0.sections.0.paragraphs.2": "y".repeat(4001),
      keywords: `exams, ${"k".repeat(61)}`,
      title: "Tab\tin the title",
    });
    expect(messages(draftProblems(fields))).toEqual([
      "Title must not contain control characters or broken symbols.",
      "Date must be a date like 2026-09-14.",
      "Image 2 address must be a site path under /images/ or an https address.",
      "Section 1 paragraph 3 is too long: use at most 4,000 characters.",
      "Keyword 2 is too long: use at most 60 characters.",
    ]);
  });

  it("names a section that has no paragraph at all by its first paragraph box", () => {
    const fields = articleFormFields(
      Object.fromEntries([0, 1, 2, 3].map((p) => [`groups.0.sections.2.paragraphs.${p}`, ""])),
    );
    expect(publishingProblems(fields)).toEqual([
      { field: "groups.0.sections.2.paragraphs.0", message: "Section 3 paragraph 1 is missing." },
    ]);
  });

  it("counts too many keywords against the keywords box", () => {
    const keywords = Array.from({ length: 21 }, (_, index) => `word${index}`).join(", ");
    expect(draftProblems(articleFormFields({ keywords }))).toEqual([
      { field: "keywords", message: "Keywords: use at most 20." },
    ]);
  });

  it("keeps one problem per field, the first found", () => {
    const problems = describeArticleProblems([
      { code: "too_small", path: ["title"], message: "", minimum: 1, origin: "string" },
      { code: "custom", path: ["title"], message: "must not contain control characters" },
    ]);
    expect(problems).toEqual([{ field: "title", message: "Title is missing." }]);
  });

  it("speaks of the article as a whole when no field holds the problem", () => {
    const problems = describeArticleProblems([
      { code: "unrecognized_keys", path: [], message: "Unrecognized key: extra" },
    ]);
    expect(problems).toEqual([{ field: "", message: "The article is not valid." }]);
  });
});
