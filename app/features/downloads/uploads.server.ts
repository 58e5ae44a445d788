import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  FileTooLargeError,
  StorageUnavailableError,
  type FileStorage,
} from "#app/lib/file-storage.server";
import { UploadError } from "#app/lib/multipart.server";
import {
  accepts,
  cleanFileName,
  detectFileType,
  type DetectedType,
  type UploadKind,
} from "./file-types";
import { pdfProblem } from "./lite-pdf.server";

/** The largest file an admin may upload (docs/security.md#uploads). */
export const MAX_UPLOAD_BYTES = 50 * 1_000_000;

/** What a refused file is told, by what was wanted. */
export const NOT_ACCEPTED: Record<UploadKind, string> = {
  pdf: "That file is not a PDF.",
  image: "That file is not a PNG, JPEG or WebP image.",
  cover: "That file is not a JPEG, PNG, WebP, GIF, TIFF or AVIF picture.",
  audio: "That file is not MP3, M4A or Ogg audio.",
  video: "That file is not an MP4 or WebM video.",
};

export type ReceivedUpload = {
  sha256: string;
  byteSize: number;
  contentType: string;
  fileName: string;
};

/**
 * Puts an uploaded file into storage as it arrives: recognised by its first bytes (never by
 * its name), bounded in size, and stored under its sha256 only once it has arrived whole, so
 * a broken upload replaces nothing. Refusals are UploadErrors a form can show.
 */
export async function saveUpload({
  storage,
  stream,
  fileName,
  accept,
  maxBytes = MAX_UPLOAD_BYTES,
}: {
  storage: FileStorage;
  stream: Readable;
  fileName: string;
  accept: UploadKind;
  maxBytes?: number;
}): Promise<ReceivedUpload> {
  let detected: DetectedType | null = null;
  try {
    const { sha256, byteSize } = await storage.saveStream(stream, {
      maxBytes,
      inspect: (head) => {
        detected = detectFileType(head);
        if (!accepts(accept, detected)) {
          throw new UploadError(415, NOT_ACCEPTED[accept]);
        }
      },
    });
    const { contentType, extension } = detected!;
    return { sha256, byteSize, contentType, fileName: cleanFileName(fileName, extension) };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (error instanceof FileTooLargeError) {
      throw new UploadError(413, `The file is larger than ${maxBytes / 1_000_000} MB.`);
    }
    if (StorageUnavailableError.is(error)) throw storeUnreachable();
    // A failure of the disk is ours to log and answer with a 500, not the sender's.
    if ((error as NodeJS.ErrnoException).syscall) throw error;
    throw new UploadError(400, "The upload broke off before it was complete. Nothing was changed.");
  }
}

/**
 * A stored upload that starts like a PDF but that students could not use is refused: damaged,
 * locked with a password, or carrying a script (docs/decisions/0064-lite-pdf-copies.md). It
 * stays unused in storage, as a refused cover does; nothing points at it.
 */
export async function refuseUnusablePdf(stored: StoredUpload): Promise<void> {
  const refusal = await unusablePdfRefusal(await readStoredUpload(stored));
  if (refusal) throw new UploadError(422, refusal);
}

export type StoredUpload = { storage: FileStorage; upload: ReceivedUpload };

/** A stored upload's bytes; a store that cannot be reached is the admin's 503. */
export async function readStoredUpload({ storage, upload }: StoredUpload): Promise<Buffer> {
  try {
    return await buffer(await storage.open(upload.sha256));
  } catch (error) {
    if (StorageUnavailableError.is(error)) throw storeUnreachable();
    throw error;
  }
}

/** Why students could not use this PDF, as the admin page and the import say it; null if they can. */
export async function unusablePdfRefusal(bytes: Uint8Array): Promise<string | null> {
  const found = await pdfProblem(bytes);
  return found && `That PDF is not taken: ${found.problem}.`;
}

/** The store, not the sender, failed: a message the admin can act on, never a 500. */
export function storeUnreachable(): UploadError {
  return new UploadError(
    503,
    "The file store cannot be reached just now, so the file was not saved. Nothing was " +
      "changed. Please try again in a few minutes.",
  );
}
