import { describe, expect, it } from "vitest";
import { eczPointsFor, eczPointsLine, showsEczPoints } from "./ecz-points";

describe("eczPointsFor", () => {
  // Every edge of the scale, from both sides.
  it.each([
    [100, 1, "Distinction"],
    [75, 1, "Distinction"],
    [74.99, 2, "Distinction"],
    [70, 2, "Distinction"],
    [69.99, 3, "Merit"],
    [65, 3, "Merit"],
    [64.99, 4, "Merit"],
    [60, 4, "Merit"],
    [59.99, 5, "Credit"],
    [55, 5, "Credit"],
    [54.99, 6, "Credit"],
    [50, 6, "Credit"],
    [49.99, 7, "Satisfactory"],
    [45, 7, "Satisfactory"],
    [44.99, 8, "Satisfactory"],
    [40, 8, "Satisfactory"],
    [39.99, 9, "Unsatisfactory"],
    [0, 9, "Unsatisfactory"],
  ])("%s%% is %s points (%s)", (percentage, points, description) => {
    expect(eczPointsFor(percentage)).toEqual({ points, description });
  });

  it("marks an 11-question quiz by its unrounded percentage: 8/11 is 72.7%, 2 points", () => {
    expect(eczPointsFor((8 / 11) * 100)?.points).toBe(2);
  });

  it.each([-0.01, 100.01, Number.NaN, Number.POSITIVE_INFINITY])("%s is outside the scale", (p) => {
    expect(eczPointsFor(p)).toBeNull();
    expect(eczPointsLine(p)).toBe("ECZ points: Error");
  });

  it("reads as the quiz screen prints it", () => {
    expect(eczPointsLine(60)).toBe("ECZ points: 4 (Merit)");
  });
});

describe("showsEczPoints", () => {
  it("is for the school grades, not medicine", () => {
    expect(showsEczPoints("Grade 10")).toBe(true);
    expect(showsEczPoints("Grade 11")).toBe(true);
    expect(showsEczPoints("Grade 12")).toBe(true);
    expect(showsEczPoints("Second-year medicine")).toBe(false);
  });
});
