import { describe, expect, it } from "vitest";
import { subjectHeading, subjectLevel, subjectSavedName } from "./subject-names";

describe("subjectHeading", () => {
  it("names a school subject, a medical subject and a course as their pages head them", () => {
    expect(subjectHeading({ kind: "school_subject", slug: "biology", name: "Biology" })).toBe(
      "Biology",
    );
    expect(subjectHeading({ kind: "medical_subject", slug: "patho", name: "Pathology" })).toBe(
      "Pathology past papers",
    );
    expect(subjectHeading({ kind: "course", slug: "CS110", name: "Computer Studies" })).toBe(
      "CS110 Computer Studies",
    );
  });
});

describe("subjectLevel", () => {
  it("names each kind's level as the level cards do", () => {
    expect(subjectLevel("school_subject")).toBe("Grade 10 - 12");
    expect(subjectLevel("medical_subject")).toBe("Second-year medicine");
    expect(subjectLevel("course")).toBe("First year");
  });
});

describe("subjectSavedName", () => {
  it("names a course by code and name, and any other subject by its name", () => {
    expect(subjectSavedName({ kind: "course", slug: "BI110", name: "Biology" })).toBe(
      "BI110 Biology",
    );
    expect(subjectSavedName({ kind: "medical_subject", slug: "patho", name: "Pathology" })).toBe(
      "Pathology",
    );
  });
});
