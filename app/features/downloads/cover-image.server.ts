import { buffer } from "node:stream/consumers";
import type { MaterialKind } from "#database/schema";
import { StorageUnavailableError, type FileStorage } from "#app/lib/file-storage.server";
import { UploadError } from "#app/lib/multipart.server";
import { storeUnreachable, type ReceivedUpload } from "./uploads.server";

/**
 * Where each kind of entry shows its picture, in CSS pixels, as the site's own pictures are
 * drawn for those places (scripts/build-images.mjs): a book on /books, a video's poster on
 * /videos, a booklet's cover everywhere else.
 */
const SHOWN_AT: Partial<Record<MaterialKind, { width: number; height: number }>> = {
  book: { width: 240, height: 180 },
  video_lesson: { width: 320, height: 180 },
};
const COVER = { width: 132, height: 187 };

/**
 * A picture as the site serves its own: WebP at twice the size it is shown at, cropped to its
 * shape, turned upright (a phone's photo says which way up it was taken). A 4 MB photo of a
 * book becomes ~15 KB, which is what a student's phone fetches. The same picture always
 * gives the same bytes, so an import can tell a cover already in place.
 */
export async function webpCover(original: Buffer, kind: MaterialKind): Promise<Buffer> {
  const { width, height } = SHOWN_AT[kind] ?? COVER;
  // Loaded when first used, as for the share cards: most starts never draw a picture.
  const { default: sharp } = await import("sharp");
  try {
    return await sharp(original, { failOn: "error" })
      .rotate()
      .resize(width * 2, height * 2, { fit: "cover" })
      .webp({ quality: 70, effort: 4, smartSubsample: true })
      .toBuffer();
  } catch {
    throw new UploadError(415, "That picture could not be read: it may be damaged.");
  }
}

/** An upload already in storage, as its WebP cover, stored beside it (the upload stays). */
export async function coverAsWebp({
  storage,
  upload,
  kind,
}: {
  storage: FileStorage;
  upload: ReceivedUpload;
  kind: MaterialKind;
}): Promise<ReceivedUpload> {
  try {
    const picture = await buffer(await storage.open(upload.sha256));
    const { sha256, byteSize } = await storage.save(await webpCover(picture, kind));
    return {
      sha256,
      byteSize,
      contentType: "image/webp",
      fileName: upload.fileName.replace(/\.[^.]*$/, "") + ".webp",
    };
  } catch (error) {
    if (StorageUnavailableError.is(error)) throw storeUnreachable();
    throw error;
  }
}
