import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range";

describe("parseByteRange", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["bytes=0-99", { start: 0, end: 99 }],
    ["bytes=100-", { start: 100, end: 999 }],
    ["bytes=-100", { start: 900, end: 999 }],
    ["bytes=-5000", { start: 0, end: 999 }],
    ["bytes=900-5000", { start: 900, end: 999 }],
    ["bytes=999-999", { start: 999, end: 999 }],
    ["bytes=1000-", "unsatisfiable"],
    ["bytes=50-10", null],
    ["bytes=1500-10", null],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=0-1,5-9", null],
    ["items=0-1", null],
    ["bytes=abc", null],
  ])("reads %s against 1000 bytes as %o", (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });
});
