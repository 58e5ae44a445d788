import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("gives old clients an ASCII name and the rest the exact one", () => {
    expect(contentDisposition("attachment", "Mathematics – Indices (Grade Ten).pdf")).toBe(
      `attachment; filename="Mathematics - Indices (Grade Ten).pdf"; filename*=UTF-8''Mathematics%20%E2%80%93%20Indices%20%28Grade%20Ten%29.pdf`,
    );
  });

  it("never lets a quote, slash or backslash out of the quoted name", () => {
    expect(contentDisposition("inline", 'a"b\\c/d.ogg')).toBe(
      `inline; filename="abcd.ogg"; filename*=UTF-8''a%22b%5Cc%2Fd.ogg`,
    );
  });

  it("falls back to 'download' when nothing ASCII is left", () => {
    expect(contentDisposition("attachment", "中文")).toMatch(/^attachment; filename="download"; /);
  });
});
