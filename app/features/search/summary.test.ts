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
    const start = `Word ${"word ".repeat(35)}and`;
    const cut = `${start} Some stress is n`;
    expect(cut).toHaveLength(SUMMARY_LENGTH);
    expect(readableSummary(cut)).toBe(`${start} Some stress is…`);
  });

  it("drops the punctuation the cut leaves before the ellipsis", () => {
    const cut = `A${"a".repeat(149)} one, two, three. fou`;
    expect(readableSummary(cut.padEnd(SUMMARY_LENGTH, "r"))).toBe(
      `A${"a".repeat(149)} one, two, three…`,
    );
  });

  it("cuts a summary with no late space where it is, with an ellipsis", () => {
    expect(readableSummary("X".repeat(SUMMARY_LENGTH))).toBe(`${"X".repeat(SUMMARY_LENGTH)}…`);
  });

  it("starts a topic's list of subtopics with a capital, as a sentence", () => {
    expect(readableSummary("diffusion, osmosis, active transport")).toBe(
      "Diffusion, osmosis, active transport",
    );
  });
});
