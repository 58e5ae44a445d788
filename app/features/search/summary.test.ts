import { describe, expect, it } from "vitest";
import { readableSummary, SUMMARY_LENGTH } from "./search.server";

describe("readableSummary", () => {
  it("leaves a summary shorter than the database's cut as it is", () => {
    expect(readableSummary("Past papers are the closest thing you have.")).toBe(
      "Past papers are the closest thing you have.",
    );
    expect(readableSummary("")).toBe("");
  });

  it("ends a summary the database cut at its last whole word, with an ellipsis", () => {
    const start = `${"word ".repeat(36)}and`;
    const cut = `${start} Some stress is n`;
    expect(cut).toHaveLength(SUMMARY_LENGTH);
    expect(readableSummary(cut)).toBe(`${start} Some stress is…`);
  });

  it("drops the punctuation the cut leaves before the ellipsis", () => {
    const cut = `${"a".repeat(150)} one, two, three. fou`;
    expect(readableSummary(cut.padEnd(SUMMARY_LENGTH, "r"))).toBe(
      `${"a".repeat(150)} one, two, three…`,
    );
  });

  it("cuts a summary with no late space where it is, with an ellipsis", () => {
    expect(readableSummary("x".repeat(SUMMARY_LENGTH))).toBe(`${"x".repeat(SUMMARY_LENGTH)}…`);
  });
});
