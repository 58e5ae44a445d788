import busboy from "busboy";
import type { Request } from "express";
import type { FileStorage } from "#app/lib/file-storage.server";
import { FileTooLargeError } from "#app/lib/file-storage.server";
import { cleanFileName, detectFileType, type DetectedType, type UploadKind } from "./file-types";

/** Issue 7: 50 MB at most. */
export const MAX_UPLOAD_BYTES = 50 * 1_000_000;

export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type ReceivedUpload = {
  sha256: string;
  byteSize: number;
  contentType: string;
  fileName: string;
};

/**
 * Receives the single file of a multipart request straight into storage: checked by its
 * first bytes, bounded in size, and stored only once it has fully arrived.
 */
export function receiveUpload(
  req: Request,
  {
    storage,
    accept,
    maxBytes = MAX_UPLOAD_BYTES,
  }: { storage: FileStorage; accept: UploadKind; maxBytes?: number },
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    if (!req.is("multipart/form-data"))
      return reject(new UploadError(415, "Send the file as multipart/form-data."));
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 10_000 },
      });
    } catch {
      return reject(new UploadError(400, "The upload could not be read."));
    }
    let settled = false;
    let sawFile = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(
        error instanceof UploadError
          ? error
          : error instanceof FileTooLargeError
            ? new UploadError(413, `The file is larger than ${maxBytes / 1_000_000} MB.`)
            : new UploadError(
                400,
                "The upload broke off before it was complete. Nothing was changed.",
              ),
      );
    };
    parser.on("file", (_field, stream, info) => {
      sawFile = true;
      // Heard from the first moment: storage may still be opening its file when a cut-off
      // form makes busboy fail this stream, and an unheard stream error ends the process.
      // saveStream then meets the error when it reads, and the upload fails through it.
      stream.on("error", () => {});
      let detected: DetectedType | null = null;
      storage
        .saveStream(stream, {
          maxBytes,
          inspect: (head) => {
            detected = detectFileType(head);
            if (!detected || detected.kind !== accept) {
              throw new UploadError(
                415,
                accept === "pdf"
                  ? "That file is not a PDF."
                  : "That file is not a PNG, JPEG or WebP image.",
              );
            }
          },
        })
        .then(({ sha256, byteSize }) => {
          if (settled) return;
          settled = true;
          const type = detected!;
          resolve({
            sha256,
            byteSize,
            contentType: type.contentType,
            fileName: cleanFileName(info.filename ?? "", type.extension),
          });
        })
        .catch((error: unknown) => {
          stream.resume();
          fail(error);
        });
    });
    parser.on("error", fail);
    parser.on("close", () => {
      if (!sawFile) fail(new UploadError(400, "Choose a file to upload."));
    });
    req.on("aborted", () => fail(new UploadError(400, "The upload broke off.")));
    req.pipe(parser);
  });
}
