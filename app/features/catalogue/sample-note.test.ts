import { describe, expect, it } from "vitest";
import { MATERIAL_KINDS, type MaterialKind } from "#database/schema";
import { describedHonestly, sampleNote, wholePageSampleNote } from "./sample-note";

describe("the note on a sample file", () => {
  it("says nothing when no file is a sample", () => {
    expect(sampleNote([])).toBeNull();
  });

  it("says a booklet is a sample and that the real one comes later", () => {
    expect(sampleNote(["topic_booklet"])).toBe(
      "Sample file — the real booklet will be added later.",
    );
  });

  it("names a past paper as a paper", () => {
    expect(sampleNote(["past_paper"])).toBe("Sample file — the real paper will be added later.");
  });

  it("lists every sample a topic card offers in one sentence", () => {
    expect(sampleNote(["topic_booklet", "practice_test", "practice_test_answers"])).toBe(
      "Sample files — the real booklet, practice test and answers will be added later.",
    );
  });

  it("says once for a whole page of samples what the real files will be, in plurals", () => {
    const page = ["topic_booklet", "practice_test", "topic_booklet", "practice_test_answers"];
    expect(wholePageSampleNote(page as MaterialKind[])).toBe(
      "Every file on this page is a sample for now — the real booklets, practice tests and answers will be added later.",
    );
    expect(wholePageSampleNote([])).toBeNull();
    for (const kind of MATERIAL_KINDS) {
      expect(wholePageSampleNote([kind]), kind).toMatch(/ the real [\w ]+s will be added later\.$/);
    }
  });

  it("has words for every kind of material", () => {
    for (const kind of MATERIAL_KINDS) {
      expect(sampleNote([kind]), kind).toMatch(
        /^Sample file — the \w+ [\w ]+ will be added later\.$/,
      );
    }
  });
});

describe("a page's description in its link preview", () => {
  const sample = { sample: "Sample file — the real paper will be added later." };
  const real = { sample: null };

  it("says the files are samples while every one is", () => {
    expect(describedHonestly("Pathology past papers, with answers.", [sample, sample])).toBe(
      "Pathology past papers, with answers. Sample files for now: the real ones will be added later.",
    );
  });

  it("stays as written once one real file is in place, or with no files at all", () => {
    expect(describedHonestly("Pathology past papers.", [sample, real])).toBe(
      "Pathology past papers.",
    );
    expect(describedHonestly("Pathology past papers.", [])).toBe("Pathology past papers.");
    expect(describedHonestly("Pathology past papers.", [null])).toBe("Pathology past papers.");
  });
});
