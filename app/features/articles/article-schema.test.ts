import { describe, expect, it } from "vitest";
import { fullArticle } from "#tests/setup/article-fixtures";
import { ArticleDraftSchema, completeArticle, draftOfStored } from "./article-schema";

/** A complete article as the editor's draft: every part there. */
const wholeDraft = () => draftOfStored(fullArticle());

describe("drafts and complete articles", () => {
  it("takes a draft that has nothing but a title", () => {
    const blank = { src: "", alt: "" };
    const emptySections = Array.from({ length: 7 }, () => ({ heading: "", paragraphs: [] }));
    const draft = ArticleDraftSchema.safeParse({
      title: "Only a title",
      date: "",
      time: "",
      poster: "",
      position: "",
      images: [blank, blank, blank],
      intro: ["", "", "", ""],
      groups: [{ sections: emptySections }, { sections: emptySections }],
      closingImage: blank,
      keywords: [],
    });
    expect(draft.success).toBe(true);
    expect(completeArticle(draft.data!).success).toBe(false);
  });

  it("refuses a draft without a title", () => {
    const draft = ArticleDraftSchema.safeParse({ ...wholeDraft(), title: "  " });
    expect(draft.error?.issues.map((issue) => issue.path)).toEqual([["title"]]);
  });

  it("keeps a draft's blank paragraph where it was typed, and closes it up to publish", () => {
    const draft = wholeDraft();
    draft.groups[0].sections[2]!.paragraphs = ["", "Second", "", "Fourth"];
    expect(ArticleDraftSchema.parse(draft).groups[0].sections[2]!.paragraphs).toEqual([
      "",
      "Second",
      "",
      "Fourth",
    ]);
    const complete = completeArticle(draft);
    expect(complete.data?.groups[0].sections[2]!.paragraphs).toEqual(["Second", "Fourth"]);
  });

  it("holds a draft's filled parts to the article's rules", () => {
    const draft = wholeDraft();
    draft.images[1] = { src: "javascript:alert(1)", alt: "" };
    const parsed = ArticleDraftSchema.safeParse(draft);
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([["images", 1, "src"]]);
  });
});
