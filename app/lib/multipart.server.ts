import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

/** A form post refused while it was read: the status to answer, and a sentence saying why. */
export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const brokenOff = () =>
  new UploadError(400, "The upload broke off before it was complete. Nothing was changed.");

export type MultipartLimits = {
  /** Files the form may carry; a file input left empty does not count. */
  maxFiles: number;
  maxFileBytes: number;
  maxFields?: number;
  maxFieldBytes?: number;
};

/**
 * Reads a multipart/form-data post (a form with file inputs) as it arrives: its text fields
 * into a record, and each chosen file handed to `saveFile` as a stream, so that nothing large
 * is ever held in memory. Resolves once the whole body is read and every file saved; a body
 * that is not multipart, breaks off or passes a limit is refused with an UploadError.
 * `saveFile` sees the fields that came before its file in the form.
 */
export function readMultipartForm<Saved>(
  request: Request,
  { maxFiles, maxFileBytes, maxFields = 200, maxFieldBytes = 20_000 }: MultipartLimits,
  saveFile: (
    file: { field: string; fileName: string; stream: Readable },
    fieldsSoFar: Readonly<Record<string, string>>,
  ) => Promise<Saved>,
): Promise<{ fields: Record<string, string>; files: Record<string, Saved> }> {
  return new Promise((resolve, reject) => {
    const type = request.headers.get("content-type") ?? "";
    if (!/^multipart\/form-data\s*;/i.test(type) || !request.body) {
      return reject(new UploadError(415, "Send the form as multipart/form-data."));
    }
    if (request.signal.aborted) {
      return reject(brokenOff());
    }
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        limits: {
          files: maxFiles,
          fileSize: maxFileBytes + 1,
          fields: maxFields,
          fieldSize: maxFieldBytes,
        },
      });
    } catch {
      return reject(new UploadError(400, "The upload could not be read."));
    }
    const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    const fields: Record<string, string> = {};
    const files: Record<string, Saved> = {};
    const saving: Promise<void>[] = [];
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      const refusal = error instanceof UploadError ? error : brokenOff();
      request.signal.removeEventListener("abort", aborted);
      body.unpipe(parser);
      // The rest of the body is read and dropped, so the answer reaches the sender.
      body.resume();
      // The file being read stops here too: its stream is destroyed, so its saver stops
      // writing and removes its temporary file. Left alone it would wait for bytes that never
      // come, its file left in DATA_DIR/files/tmp and its descriptor open (docs/security.md,
      // "Uploads").
      parser.destroy(refusal);
      // Answered once every saver has finished: a refused form has left nothing behind.
      void Promise.allSettled(saving).then(() => reject(refusal));
    };
    // The sender went away (the connection closed before the answer): nothing more will come.
    const aborted = () => fail(brokenOff());
    request.signal.addEventListener("abort", aborted, { once: true });
    const tooMuch = (what: string) => () =>
      fail(new UploadError(413, `The form has too many ${what}.`));

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new UploadError(413, `The field ${name} is too long.`));
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      // An unheard error on a file stream would end the process: a cut-off form can fail it
      // before its saver starts reading. The saver then meets the error when it reads.
      stream.on("error", () => {});
      const fileName = info.filename;
      if (!fileName) {
        stream.resume();
        return;
      }
      const save = async () => saveFile({ field, fileName, stream }, { ...fields });
      saving.push(
        save()
          .then((saved) => {
            files[field] = saved;
          })
          .catch((error: unknown) => {
            stream.resume();
            fail(error);
          }),
      );
    });
    parser.on("fieldsLimit", tooMuch("fields"));
    parser.on("filesLimit", tooMuch("files"));
    parser.on("partsLimit", tooMuch("parts"));
    parser.on("error", fail);
    parser.on("close", () => {
      void Promise.all(saving).then(() => {
        if (settled) return;
        settled = true;
        request.signal.removeEventListener("abort", aborted);
        resolve({ fields, files });
      });
    });
    body.on("error", fail);
    body.pipe(parser);
  });
}
