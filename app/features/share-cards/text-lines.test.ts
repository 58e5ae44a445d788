import { describe, expect, it } from "vitest";
import { fitTitle, TITLE_SIZES, textWidthEm, wrapText } from "./text-lines";

describe("textWidthEm", () => {
  it("counts wide letters wider than narrow ones", () => {
    expect(textWidthEm("WWW")).toBeGreaterThan(textWidthEm("aaa"));
    expect(textWidthEm("aaa")).toBeGreaterThan(textWidthEm("iii"));
    expect(textWidthEm("")).toBe(0);
  });

  it("never counts a letter narrower than DejaVu Sans Bold draws it", () => {
    // Measured advance widths of DejaVu Sans Bold, in em.
    const measured = { m: 1.032, W: 1.098, M: 0.991, O: 0.845, a: 0.664, i: 0.332, f: 0.405 };
    for (const [char, width] of Object.entries(measured)) {
      expect(textWidthEm(char), char).toBeGreaterThanOrEqual(width);
    }
  });
});

describe("wrapText", () => {
  it("keeps a short text on one line", () => {
    expect(wrapText("Biology", { maxWidthEm: 20, maxLines: 3 })).toEqual({
      lines: ["Biology"],
      cut: false,
    });
  });

  it("breaks between words so that every line fits", () => {
    const title = "How to plan your Grade 12 revision, one week at a time";
    const { lines, cut } = wrapText(title, { maxWidthEm: 12, maxLines: 5 });
    expect(cut).toBe(false);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe(title);
    for (const line of lines) expect(textWidthEm(line), line).toBeLessThanOrEqual(12);
  });

  it("folds runs of spaces and line breaks into one space", () => {
    expect(wrapText("  Cell \n  Biology ", { maxWidthEm: 20, maxLines: 2 }).lines).toEqual([
      "Cell Biology",
    ]);
  });

  it("breaks a word longer than a line into pieces that each fit", () => {
    const word = "Pneumonoultramicroscopicsilicovolcanoconiosis";
    const { lines } = wrapText(word, { maxWidthEm: 8, maxLines: 10 });
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join("")).toBe(word);
    for (const line of lines) expect(textWidthEm(line), line).toBeLessThanOrEqual(8);
  });

  it("ends a text that does not fit in '…' on its last line, still within the width", () => {
    const { lines, cut } = wrapText("one two three four five six seven eight nine ten", {
      maxWidthEm: 6,
      maxLines: 2,
    });
    expect(cut).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/\S…$/);
    for (const line of lines) expect(textWidthEm(line), line).toBeLessThanOrEqual(6);
  });
});

describe("fitTitle", () => {
  const WIDTH = 1040;

  it("draws a short title at the largest size", () => {
    expect(fitTitle("Biology", WIDTH)).toEqual({
      fontSize: TITLE_SIZES[0].fontSize,
      lines: ["Biology"],
    });
  });

  it("draws a longer title smaller, on more lines, without cutting it", () => {
    const title =
      "Organic Chemistry: Alcohols, Carboxylic Acids and Esters, with worked examples from past papers";
    const { fontSize, lines } = fitTitle(title, WIDTH);
    expect(fontSize).toBeLessThan(TITLE_SIZES[0].fontSize);
    expect(lines.join(" ")).toBe(title);
    for (const line of lines) expect(textWidthEm(line) * fontSize).toBeLessThanOrEqual(WIDTH);
  });

  it("cuts a 200-character title at the smallest size, within its lines", () => {
    const title = "A very long title about revision ".repeat(7).slice(0, 200);
    const smallest = TITLE_SIZES[TITLE_SIZES.length - 1]!;
    const { fontSize, lines } = fitTitle(title, WIDTH);
    expect(fontSize).toBe(smallest.fontSize);
    expect(lines).toHaveLength(smallest.maxLines);
    expect(lines.at(-1)).toMatch(/…$/);
    for (const line of lines) expect(textWidthEm(line) * fontSize).toBeLessThanOrEqual(WIDTH);
  });
});
