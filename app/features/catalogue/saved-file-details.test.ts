import { describe, expect, it } from "vitest";
import { savedFileDetails } from "./saved-file-details";

describe("savedFileDetails", () => {
  it("names a past paper by subject, year and label", () => {
    expect(savedFileDetails({ subject: "Pathology", year: 2023, label: "Test 1" })).toEqual({
      subject: "Pathology",
      year: 2023,
      label: "Test 1",
      name: "Pathology · 2023 · Test 1",
    });
  });

  it("names a topic booklet by subject, grade and topic", () => {
    expect(savedFileDetails({ subject: "Mathematics", grade: "Ten", label: "Indices" }).name).toBe(
      "Mathematics · Grade Ten · Indices",
    );
  });

  it("names a topical PDF, which has neither year nor grade, by subject and title", () => {
    expect(savedFileDetails({ subject: "Physiology", label: "Cell Physiology" })).toEqual({
      subject: "Physiology",
      year: null,
      label: "Cell Physiology",
      name: "Physiology · Cell Physiology",
    });
  });
});
