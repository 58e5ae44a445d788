import { describe, expect, it } from "vitest";
import { isPlainText } from "./text-rules";

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
