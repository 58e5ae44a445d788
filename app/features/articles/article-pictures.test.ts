import { describe, expect, it } from "vitest";
import { sizedPictureOf, uploadedSha256 } from "./article-pictures";

const sha = (letter: string) => letter.repeat(64);

describe("an article picture's copies", () => {
  it("are found by the uploaded picture's address only", () => {
    expect(uploadedSha256(`/files/${sha("a")}.jpg`)).toBe(sha("a"));
    expect(uploadedSha256("/images/articles/plan-1.webp")).toBeNull();
    expect(uploadedSha256("https://example.com/photo.jpg")).toBeNull();
  });

  it("give each place its 1x and 2x copy, and no place whose copies are missing", () => {
    const copies = [
      { width: 300, height: 200, sha256: sha("1") },
      { width: 600, height: 400, sha256: sha("2") },
      { width: 270, height: 180, sha256: sha("3") },
    ];
    expect(sizedPictureOf(copies)).toEqual({
      list: { oneX: `/files/${sha("1")}.webp`, twoX: `/files/${sha("2")}.webp` },
    });
    expect(
      sizedPictureOf([...copies, { width: 540, height: 360, sha256: sha("4") }]).article,
    ).toEqual({ oneX: `/files/${sha("3")}.webp`, twoX: `/files/${sha("4")}.webp` });
  });
});
