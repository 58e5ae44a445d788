import { describe, expect, it } from "vitest";
import { gradeAnchor, yearAnchor } from "./grouping";

describe("jump-link anchors", () => {
  it("names each grade heading by its number", () => {
    expect(["Ten", "Eleven", "Twelve"].map(gradeAnchor)).toEqual([
      "grade-10",
      "grade-11",
      "grade-12",
    ]);
  });

  it("names English's single group by the range it covers", () => {
    expect(gradeAnchor("Ten - Twelve")).toBe("grade-10-12");
  });

  it("still gives a usable id for a grade it does not know, or none", () => {
    expect(gradeAnchor("Form Five")).toBe("grade-form-five");
    expect(gradeAnchor("")).toBe("grade-other");
  });

  it("names a year heading by the year", () => {
    expect(yearAnchor(2019)).toBe("year-2019");
  });
});
