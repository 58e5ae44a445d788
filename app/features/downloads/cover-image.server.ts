import { buffer } from "node:stream/consumers";
import type { MaterialKind } from "#database/schema";
import { StorageUnavailableError, type FileStorage } from "#app/lib/file-storage.server";
import { UploadError } from "#app/lib/multipart.server";
import { storeUnreachable, type ReceivedUpload } from "./uploads.server";

const SHOWN_AT: Partial<Record<MaterialKind, { width: number; height: number }>> = {
  book: { width: 240, height: 180 },
  video_lesson: { width: 320, height: 180 },
};
const COVER = { width: 132, height: 187 };

// The same picture always gives the same bytes, so an import can tell a cover already in place.
export async function webpCover(original: Buffer, kind: MaterialKind): Promise<Buffer> {
  const { width, height } = SHOWN_AT[kind] ?? COVER;
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
