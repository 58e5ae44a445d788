import { describe, expect, it } from "vitest";
import { sameValue } from "./same-value";

describe("sameValue", () => {
  it("ignores key order, as jsonb reorders keys", () => {
    expect(sameValue({ src: "/a.webp", alt: "A" }, { alt: "A", src: "/a.webp" })).toBe(true);
    expect(sameValue([{ b: 1, a: [1, 2] }], [{ a: [1, 2], b: 1 }])).toBe(true);
  });

  it("counts array order, values and missing keys", () => {
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it("treats undefined and null alike", () => {
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue({ a: undefined }, {})).toBe(true);
  });
});
