import { describe, expect, it } from "vitest";
import { countOf } from "./plural";

describe("countOf", () => {
  it("uses the singular for exactly one", () => {
    expect(countOf(1, "time")).toBe("1 time");
  });

  it("uses the plural for none and for more than one", () => {
    expect(countOf(0, "time")).toBe("0 times");
    expect(countOf(2, "time")).toBe("2 times");
  });

  it("groups the thousands of a large count", () => {
    expect(countOf(1250, "time")).toBe("1,250 times");
  });

  it("takes a plural that is not the noun with an s", () => {
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
    expect(countOf(3, "entry", "entries")).toBe("3 entries");
  });
});
