import { describe, expect, it } from "vitest";
import type { Letter } from "#app/features/quizzes/public.server";
import type { Choice } from "#app/features/quizzes/public.server";
import { answersFromText, answersToText, markAttempt, mostOftenWrong } from "./marking";

const KEY: Letter[] = ["A", "B", "C", "A"];

describe("markAttempt", () => {
  it("marks from the key, an unanswered question wrong, with the grade band's text", () => {
    expect(markAttempt(["A", "B", "", "C"], KEY)).toEqual({
      score: 2,
      total: 4,
      percentage: 50,
      grade: "C: Bare Pass",
    });
  });
});

describe("mostOftenWrong", () => {
  it("counts wrong and unanswered alike, most first, ties by question order", () => {
    const attempts: Choice[][] = [
      ["B", "B", "", "A"],
      ["B", "A", "C", "A"],
      ["A", "A", "A", "A"],
    ];
    expect(mostOftenWrong(attempts, KEY)).toEqual([
      { question: 1, wrong: 2, attempts: 3 },
      { question: 2, wrong: 2, attempts: 3 },
      { question: 3, wrong: 2, attempts: 3 },
    ]);
    expect(mostOftenWrong(attempts, KEY, 1)).toHaveLength(1);
  });

  it("leaves out questions never got wrong", () => {
    expect(mostOftenWrong([["A", "B", "C", "B"]], KEY)).toEqual([
      { question: 4, wrong: 1, attempts: 1 },
    ]);
    expect(mostOftenWrong([], KEY)).toEqual([]);
  });
});

describe("answers as stored", () => {
  it("round-trips, none as '-'", () => {
    const choices: Choice[] = ["A", "", "C"];
    expect(answersToText(choices)).toBe("A-C");
    expect(answersFromText("A-C")).toEqual(choices);
  });
});
