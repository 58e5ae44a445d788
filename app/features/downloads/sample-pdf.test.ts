import { describe, expect, it } from "vitest";
import { samplePdf } from "./sample-pdf";

describe("samplePdf", () => {
  const pdf = samplePdf({ title: "Indices (Grade Ten)", lines: ["A sample file from StudyZed."] });
  const text = pdf.toString("latin1");

  it("is a PDF whose cross-reference table points at each object", () => {
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) =>
      Number(match[1]),
    );
    expect(offsets).toHaveLength(6);
    offsets.forEach((offset, index) =>
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true),
    );
  });

  it("is titled 'Sample – {title}' on the page and in its information", () => {
    expect(text).toContain("(Sample \x96 Indices \\(Grade Ten\\)) Tj");
    expect(text).toContain("/Title <FEFF00530061006D0070006C0065002020130020");
  });

  it("is small: a sample costs a student almost no data", () => {
    expect(pdf.byteLength).toBeLessThan(2_000);
  });
});
