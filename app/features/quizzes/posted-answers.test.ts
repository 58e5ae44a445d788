import { describe, expect, it } from "vitest";
import { markPostedAnswers, NOT_A_LETTER } from "./posted-answers";
import type { Letter } from "./quiz-constants";

const KEY: Letter[] = ["C", "B", "B", "A"];

/** A Show Results form as a browser posts it: every drop-down, and the options tapped. */
const form = (dropDowns: string[], options: Record<number, string> = {}) => ({
  ...Object.fromEntries(dropDowns.map((value, index) => [`answer-${index + 1}`, value])),
  ...Object.fromEntries(
    Object.entries(options).map(([number, value]) => [`option-${number}`, value]),
  ),
});

function marked(fields: Record<string, string>) {
  const result = markPostedAnswers(fields, KEY);
  if (!result.success) throw new Error(`refused: ${result.error}`);
  return result.marked;
}

describe("markPostedAnswers", () => {
  it("gives a mark for each drop-down that holds the key's letter", () => {
    const { choices, score } = marked(form(["C", "B", "A", "A"]));
    expect(choices).toEqual(["C", "B", "A", "A"]);
    expect(score).toMatchObject({ correct: [true, true, false, true], score: 3, total: 4 });
    expect(score.percentage).toBe(75);
  });

  it("takes the tapped option where the drop-down was left at 'Pick an answer'", () => {
    const { choices, score } = marked(form(["", "", "B", ""], { 1: "C", 2: "A" }));
    expect(choices).toEqual(["C", "A", "B", ""]);
    expect(score.correct).toEqual([true, false, true, false]);
  });

  it("lets the drop-down win when it and the tapped option disagree", () => {
    const { choices, score } = marked(form(["A", "B", "", ""], { 1: "C", 2: "C" }));
    expect(choices.slice(0, 2)).toEqual(["A", "B"]);
    expect(score.correct.slice(0, 2)).toEqual([false, true]);
  });

  it("counts every unanswered question wrong, even with no fields at all", () => {
    expect(marked({}).score).toMatchObject({ score: 0, total: 4, percentage: 0 });
    expect(marked(form(["", "", "", ""])).choices).toEqual(["", "", "", ""]);
  });

  it.each([
    ["a lower-case letter", { "answer-1": "c" }],
    ["a letter past C", { "answer-2": "D" }],
    ["an empty option", { "option-3": "" }],
    ["a whole sentence", { "option-1": "the nucleus" }],
  ])("refuses %s, saying what an answer may be", (_label, fields) => {
    expect(markPostedAnswers(fields, KEY)).toEqual({ success: false, error: NOT_A_LETTER });
  });

  it("refuses a field this quiz does not have, naming it", () => {
    expect(markPostedAnswers(form(["C", "B", "B", "A", "A"]), KEY)).toEqual({
      success: false,
      error: 'This quiz has no field named "answer-5".',
    });
    expect(markPostedAnswers({ username: "mwila" }, KEY)).toEqual({
      success: false,
      error: 'This quiz has no field named "username".',
    });
  });
});
