import type { MaterialKind } from "#database/schema";
import { StorageUnavailableError } from "#app/lib/file-storage.server";
import { UploadError } from "#app/lib/multipart.server";
import { MAX_PICTURE_PIXELS } from "./file-types";
import {
  readStoredUpload,
  storeUnreachable,
  type ReceivedUpload,
  type StoredUpload,
} from "./uploads.server";

const SHOWN_AT: Partial<Record<MaterialKind, { width: number; height: number }>> = {
  book: { width: 240, height: 180 },
  video_lesson: { width: 320, height: 180 },
};
const COVER = { width: 132, height: 187 };

export const TOO_MANY_PIXELS = new UploadError(
  422,
  "That picture is larger than 50 megapixels: make it smaller and upload it again.",
);
export const UNREADABLE_PICTURE = new UploadError(
  415,
  "That picture could not be read: it may be damaged.",
);

/** Width × height from the picture's header alone; 0 when sharp cannot read it. */
export async function pixelsOf(picture: Buffer): Promise<number> {
  const { default: sharp } = await import("sharp");
  const { width = 0, height = 0 } = await sharp(picture)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  return width * height;
}

/** An article's picture is kept as uploaded: one past the limit is refused, and stays unused. */
export async function refuseOversizedPicture(stored: StoredUpload): Promise<void> {
  if ((await pixelsOf(await readStoredUpload(stored))) > MAX_PICTURE_PIXELS) throw TOO_MANY_PIXELS;
}

// The same picture always gives the same bytes, so an import can tell a cover already in place.
export async function webpCover(original: Buffer, kind: MaterialKind): Promise<Buffer> {
  const { width, height } = SHOWN_AT[kind] ?? COVER;
  if ((await pixelsOf(original)) > MAX_PICTURE_PIXELS) throw TOO_MANY_PIXELS;
  const { default: sharp } = await import("sharp");
  try {
    return await sharp(original, { failOn: "error", limitInputPixels: MAX_PICTURE_PIXELS })
      .rotate()
      .resize(width * 2, height * 2, { fit: "cover" })
      .webp({ quality: 70, effort: 4, smartSubsample: true })
      .toBuffer();
  } catch {
    throw UNREADABLE_PICTURE;
  }
}

export async function coverAsWebp({
  storage,
  upload,
  kind,
}: StoredUpload & { kind: MaterialKind }): Promise<ReceivedUpload> {
  const picture = await readStoredUpload({ storage, upload });
  try {
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
