import { describe, expect, it } from "vitest";
import { formatPercentage, gradeFor, gradeLine, scoreQuiz } from "./scoring";

describe("gradeFor", () => {
  it.each([
    [0, "D: Fail"],
    [39.99, "D: Fail"],
    [40, "D+: Bare Fail"],
    [49.99, "D+: Bare Fail"],
    [50, "C: Bare Pass"],
    [55.99, "C: Bare Pass"],
    [56, "C+: Definite Pass"],
    [61.99, "C+: Definite Pass"],
    [62, "B: Very Satisfactory"],
    [67.99, "B: Very Satisfactory"],
    [68, "B+: Meritorious"],
    [74.99, "B+: Meritorious"],
    [75, "A: Distinction"],
    [85.99, "A: Distinction"],
    [86, "A+: First Distinction"],
    [100, "A+: First Distinction"],
  ])("gives %d%% the band %s", (percentage, text) => {
    const band = gradeFor(percentage);
    expect(band).not.toBe("Error");
    expect(band !== "Error" && band.text).toBe(text);
  });

  it("climbs one level per band, from 1 to 8", () => {
    const levels = [0, 40, 50, 56, 62, 68, 75, 86].map((percentage) => {
      const band = gradeFor(percentage);
      return band === "Error" ? 0 : band.level;
    });
    expect(levels).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it.each([-0.01, -5, 100.01, 250, Number.NaN, Number.POSITIVE_INFINITY])(
    "gives %d 'Error'",
    (percentage) => {
      expect(gradeFor(percentage)).toBe("Error");
    },
  );
});

describe("scoreQuiz", () => {
  const key = ["A", "B", "C", "C", "B", "A", "B", "B", "A", "C"] as const;

  it("gives one mark per matching letter", () => {
    expect(scoreQuiz([...key], key)).toMatchObject({ score: 10, total: 10, percentage: 100 });
  });

  it("counts an unanswered question as wrong", () => {
    const result = scoreQuiz(["A", "", "C"], ["A", "B", "C"]);
    expect(result.correct).toEqual([true, false, true]);
    expect(result.score).toBe(2);
  });

  it("scores the mathematics key shifted by one letter as the key predicts", () => {
    const shift = { A: "B", B: "C", C: "A" } as const;
    const result = scoreQuiz(
      key.map((letter) => shift[letter]),
      key,
    );
    expect(result.score).toBe(0);
    expect(gradeFor(result.percentage)).toMatchObject({ text: "D: Fail" });
  });

  it("works out percentages of 11- and 20-question quizzes exactly", () => {
    const eleven = Array.from({ length: 11 }, () => "A" as const);
    expect(scoreQuiz([...eleven.slice(0, 7), "B", "B", "B", "B"], eleven).percentage).toBeCloseTo(
      63.636,
      3,
    );
    expect(formatPercentage((7 / 11) * 100)).toBe("63.64%");
    expect(formatPercentage(85)).toBe("85%");
  });
});

describe("gradeLine", () => {
  it("shows a band's text with the classes of its level", () => {
    expect(gradeLine((7 / 11) * 100)).toEqual({
      text: "B: Very Satisfactory",
      className: "quiz__grade grade grade--5",
    });
  });

  it("shows 'Error' as plain text, without a band's colour", () => {
    expect(gradeLine(101)).toEqual({ text: "Error", className: "quiz__grade" });
  });
});
