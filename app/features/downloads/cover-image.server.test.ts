import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { UploadError } from "#app/lib/multipart.server";
import { sidewaysPhoto } from "#tests/setup/photo-fixtures";
import { webpCover } from "./cover-image.server";

/** A phone photo's size and weight: 3000 × 4000 of noise, which compresses badly. */
async function photo() {
  const width = 3000;
  const height = 4000;
  const noise = Buffer.alloc(width * height * 3);
  for (let at = 0; at < noise.length; at++) noise[at] = (at * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe("a cover as the site serves it", () => {
  it("is WebP at twice the size its entry's picture is shown at, far lighter than the photo", async () => {
    const original = await photo();
    const cover = await webpCover(original, "topic_booklet");
    expect(await sharp(cover).metadata()).toMatchObject({
      format: "webp",
      width: 264,
      height: 374,
    });
    expect(cover.byteLength).toBeLessThan(original.byteLength / 20);
    const book = await sharp(await webpCover(original, "book")).metadata();
    expect([book.width, book.height]).toEqual([480, 360]);
    expect(await webpCover(original, "topic_booklet")).toEqual(cover);
  });

  it("turns a photo taken sideways upright", async () => {
    const sideways = await sidewaysPhoto();
    const { data, info } = await sharp(await webpCover(sideways, "book"))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[y * info.width + x]!;
    expect(at(info.width - 20, 20)).toBeLessThan(60);
    expect(at(20, info.height - 20)).toBeGreaterThan(200);
  });

  it("refuses a damaged picture with a reason, never a crash", async () => {
    const damaged = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 3),
    ]);
    const attempt = webpCover(damaged, "book");
    await expect(attempt).rejects.toBeInstanceOf(UploadError);
    await expect(attempt).rejects.toThrow("That picture could not be read: it may be damaged.");
  });
});
