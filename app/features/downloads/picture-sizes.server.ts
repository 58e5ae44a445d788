import { eq, inArray } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { pictureSizes } from "#database/schema";
import type { FileStorage } from "#app/lib/file-storage.server";
import { pixelsOf, TOO_MANY_PIXELS, UNREADABLE_PICTURE } from "./cover-image.server";
import { MAX_PICTURE_PIXELS } from "./file-types";
import { recordStoredFile } from "./stored-files.server";
import { readStoredUpload } from "./uploads.server";

/** Where a picture is shown, in CSS pixels. */
export type PictureBox = { width: number; height: number };
export type PictureCopy = PictureBox & { sha256: string };

const SCALES = [1, 2] as const;
const QUALITIES = [70, 60, 50, 40, 30];

/**
 * A copy is made at most this big, by lowering its quality, whatever was uploaded: about
 * 0.1 byte a pixel, 24,000 bytes for the list's 600 × 400 (docs/decisions/0087-article-pictures-sized-for-their-place.md).
 */
export const sizedCopyMaxBytes = ({ width, height }: PictureBox) =>
  Math.round(width * height * 0.1);

/** Turned upright, cut to fill `box` exactly and encoded as WebP, as covers are. */
export async function sizedCopy(original: Buffer, box: PictureBox): Promise<Buffer> {
  if ((await pixelsOf(original)) > MAX_PICTURE_PIXELS) throw TOO_MANY_PIXELS;
  const { default: sharp } = await import("sharp");
  let pixels;
  try {
    pixels = await sharp(original, { failOn: "error", limitInputPixels: MAX_PICTURE_PIXELS })
      .rotate()
      .resize(box.width, box.height, { fit: "cover" })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw UNREADABLE_PICTURE;
  }
  const raw = { raw: pixels.info };
  let copy = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    copy = await sharp(pixels.data, raw)
      .webp({ quality, effort: 4, smartSubsample: true })
      .toBuffer();
    if (copy.byteLength <= sizedCopyMaxBytes(box)) break;
  }
  return copy;
}

type PictureSizing = {
  db: Database;
  storage: FileStorage;
  /** The uploaded picture, as stored. */
  original: { sha256: string; fileName: string };
  /** Each place it is shown; a copy is made at 1x and 2x of each. */
  boxes: readonly PictureBox[];
};

/** The copies not made yet, made now; a picture used twice is sized once. */
export async function makePictureSizes({ db, storage, original, boxes }: PictureSizing) {
  const made = await db
    .select({ width: pictureSizes.width, height: pictureSizes.height })
    .from(pictureSizes)
    .where(eq(pictureSizes.originalSha256, original.sha256));
  const wanted = boxes.flatMap((box) =>
    SCALES.map((scale) => ({ width: box.width * scale, height: box.height * scale })),
  );
  const missing = wanted.filter(
    (size, index) =>
      wanted.findIndex((other) => other.width === size.width && other.height === size.height) ===
        index && !made.some((done) => done.width === size.width && done.height === size.height),
  );
  if (missing.length === 0) return;
  const picture = await readStoredUpload({
    storage,
    upload: { ...original, byteSize: 0, contentType: "" },
  });
  const baseName = original.fileName.replace(/\.[^.]*$/, "");
  for (const size of missing) {
    const bytes = await sizedCopy(picture, size);
    const { sha256, byteSize } = await storage.save(bytes);
    await recordStoredFile({
      db,
      file: {
        sha256,
        byteSize,
        contentType: "image/webp",
        fileName: `${baseName}-${size.width}x${size.height}.webp`,
        isSample: false,
      },
    });
    await db
      .insert(pictureSizes)
      .values({ originalSha256: original.sha256, ...size, sha256, byteSize })
      .onConflictDoNothing();
  }
}

/** Every copy made of these pictures, by the original's sha256. */
export async function findPictureSizes({
  db,
  sha256s,
}: {
  db: Database;
  sha256s: readonly string[];
}): Promise<Map<string, PictureCopy[]>> {
  const found = new Map<string, PictureCopy[]>();
  if (sha256s.length === 0) return found;
  const rows = await db
    .select({
      originalSha256: pictureSizes.originalSha256,
      width: pictureSizes.width,
      height: pictureSizes.height,
      sha256: pictureSizes.sha256,
    })
    .from(pictureSizes)
    .where(inArray(pictureSizes.originalSha256, [...new Set(sha256s)]));
  for (const { originalSha256, ...copy } of rows)
    found.set(originalSha256, [...(found.get(originalSha256) ?? []), copy]);
  return found;
}
