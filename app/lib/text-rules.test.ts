import { describe, expect, it } from "vitest";
import { isPlainText, startingWithCapital } from "./text-rules";

describe("isPlainText", () => {
  it.each([
    "Mwila Banda",
    "Ŋoma – ɛ́ 😀 عربى",
    "O'Brien; DROP TABLE users; --",
    "<script>alert(1)</script>",
    "",
  ])("accepts %j", (text) => {
    expect(isPlainText(text)).toBe(true);
  });

  it.each([
    "a\u0000b",
    "tab\there",
    "line\nbreak",
    "bell\u0007",
    "escape\u001b[31m",
    "del\u007f",
    "lone \ud800 surrogate",
    "\udfff",
  ])("refuses %j", (text) => {
    expect(isPlainText(text)).toBe(false);
  });
});

describe("startingWithCapital", () => {
  it("capitalises the first letter only, and leaves an empty text empty", () => {
    expect(startingWithCapital("diffusion, osmosis")).toBe("Diffusion, osmosis");
    expect(startingWithCapital("BI110 notes")).toBe("BI110 notes");
    expect(startingWithCapital("")).toBe("");
  });
});
