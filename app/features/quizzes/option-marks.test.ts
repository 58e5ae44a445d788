import { describe, expect, it } from "vitest";
import { optionMark } from "./option-marks";

describe("optionMark", () => {
  it("marks the key's option right whether or not it was chosen", () => {
    expect(optionMark("B", "B", "B")).toBe("right");
    expect(optionMark("B", "B", "A")).toBe("right");
    expect(optionMark("B", "B", "")).toBe("right");
  });

  it("marks a chosen option that is not the key wrong, and leaves the others unmarked", () => {
    expect(optionMark("A", "B", "A")).toBe("wrong");
    expect(optionMark("C", "B", "A")).toBeUndefined();
    expect(optionMark("A", "B", "")).toBeUndefined();
  });
});
