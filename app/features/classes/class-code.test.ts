import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, codeText, joinPath, newClassCode, normaliseClassCode } from "./class-code";

describe("class codes", () => {
  it("never use a character that reads as another: no 0, O, 1 or I", () => {
    for (const confusing of "0O1I") expect(CODE_ALPHABET).not.toContain(confusing);
    for (let made = 0; made < 200; made++) expect(newClassCode()).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
  });

  it("are made from the random numbers they are given", () => {
    expect(newClassCode(() => 0)).toBe("222222");
    expect(newClassCode(() => CODE_ALPHABET.length - 1)).toBe("ZZZZZZ");
  });

  it("are accepted typed with spaces, hyphens and small letters", () => {
    for (const typed of ["k7m 4qx", "K7M-4QX", " k7m4qx ", "K 7 M 4 Q X", "k7m–4qx"])
      expect(normaliseClassCode(typed), typed).toBe("K7M4QX");
  });

  it("refuse what cannot be a code: too short, too long, or a letter codes never use", () => {
    for (const typed of ["", "K7M4Q", "K7M4QXX", "K7M4Q0", "K7M4QO", "I7M4QX", "K7M4Q!"])
      expect(normaliseClassCode(typed), typed).toBeNull();
  });

  it("are shown in two halves, in the text and in the join link", () => {
    expect(codeText("K7M4QX")).toBe("K7M-4QX");
    expect(joinPath("K7M4QX")).toBe("/join/K7M-4QX");
  });
});
