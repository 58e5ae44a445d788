import { describe, expect, it } from "vitest";
import { normalizeUsername, usernameKey } from "./usernames";

describe("usernameKey", () => {
  it("folds case, spaces around the name and full-width letters into one key", () => {
    for (const spelling of ["bfi_victim", "BFI_Victim", "  bfi_victim ", "ｂｆｉ＿ｖｉｃｔｉｍ"])
      expect(usernameKey(spelling)).toBe("bfi_victim");
  });

  it.each([
    ["a dotted capital I", "bfİ_vİctİm"],
    ["a dotless i", "bfı_victim"],
    ["a sharp s", "straße"],
    ["a zero-width space", "bfi\u200b_victim"],
    ["a zero-width joiner", "bfi\u200d_victim"],
    ["a combining dot above", "bfi\u0307_victim"],
    ["a combining acute accent", "be\u0301n"],
    ["a Cyrillic letter that looks Latin", "bfі_victim"],
    ["a space inside", "bfi victim"],
    ["nothing", "   "],
    ["151 characters", "a".repeat(151)],
  ])("refuses a name with %s, which no account can have", (_label, typed) => {
    expect(usernameKey(typed)).toBeNull();
  });

  it("keeps a normalised name's case for storing", () => {
    expect(normalizeUsername(" Ｍｗｉｌａ ")).toBe("Mwila");
  });
});
