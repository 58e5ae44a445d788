import { describe, expect, it } from "vitest";
import { jsonEqual } from "./json-equal";

describe("jsonEqual", () => {
  it("ignores key order, as jsonb reorders keys", () => {
    expect(jsonEqual({ src: "/a.webp", alt: "A" }, { alt: "A", src: "/a.webp" })).toBe(true);
    expect(jsonEqual([{ b: 1, a: [1, 2] }], [{ a: [1, 2], b: 1 }])).toBe(true);
  });

  it("counts array order, values and missing keys", () => {
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it("treats undefined and null alike", () => {
    expect(jsonEqual(undefined, null)).toBe(true);
    expect(jsonEqual({ a: undefined }, {})).toBe(true);
  });
});
