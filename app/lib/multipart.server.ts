import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

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
  maxFiles: number;
  maxFileBytes: number;
  maxFields?: number;
  maxFieldBytes?: number;
};

// Each file goes to `saveFile` as it arrives, never whole in memory, which is why this is
// busboy (docs/decisions/0069-packages-for-uploads-limits-and-commands.md).
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
      // Drained, so the response reaches the sender.
      body.resume();
      // Destroyed, so the saver of a file half-read removes its temporary file at once
      // (docs/security.md#uploads); the refusal waits until every saver has finished.
      parser.destroy(refusal);
      void Promise.allSettled(saving).then(() => reject(refusal));
    };
    const aborted = () => fail(brokenOff());
    request.signal.addEventListener("abort", aborted, { once: true });
    const tooMuch = (what: string) => () =>
      fail(new UploadError(413, `The form has too many ${what}.`));

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(new UploadError(413, `The field ${name} is too long.`));
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      // A cut-off form can fail it before its saver reads: unheard, that ends the process.
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
