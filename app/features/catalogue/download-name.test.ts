import { describe, expect, it } from "vitest";
import { downloadName } from "./download-name";

describe("downloadName", () => {
  it("keeps the name of the file it replaces", () => {
    expect(
      downloadName({
        current: "Pathology 2019 Test 1.pdf",
        subject: "Pathology",
        year: 2019,
        title: "Test 1",
        extension: ".pdf",
      }),
    ).toBe("Pathology 2019 Test 1.pdf");
  });

  it("gives the kept name the new file's extension", () => {
    expect(
      downloadName({
        current: "Algebra Part 1.webm",
        subject: null,
        year: null,
        title: "Algebra Part 1",
        extension: ".pdf",
      }),
    ).toBe("Algebra Part 1.pdf");
  });

  it("keeps a name with no extension whole", () => {
    expect(
      downloadName({ current: "Notes", subject: null, year: null, title: "x", extension: ".pdf" }),
    ).toBe("Notes.pdf");
  });

  it("names a material that had no file after its subject, year and title", () => {
    expect(
      downloadName({
        current: null,
        subject: "Pathology",
        year: 2019,
        title: "Test 1",
        extension: ".pdf",
      }),
    ).toBe("Pathology 2019 Test 1.pdf");
    expect(
      downloadName({
        current: null,
        subject: null,
        year: null,
        title: "Grade 12 Physics Made Easy",
        extension: ".pdf",
      }),
    ).toBe("Grade 12 Physics Made Easy.pdf");
  });
});
