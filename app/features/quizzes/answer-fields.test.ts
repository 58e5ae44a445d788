import { describe, expect, it } from "vitest";
import { answerFrom } from "./answer-fields";

describe("answerFrom", () => {
  it.each([
    ["B", "", "B"],
    ["", "C", "C"],
    ["A", "C", "A"],
    ["", "", ""],
  ] as const)("reads drop-down %j with option %j as %j", (dropDown, option, answer) => {
    expect(answerFrom(dropDown, option)).toBe(answer);
  });
});
