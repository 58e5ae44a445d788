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

// Files stream to `saveFile` (docs/decisions/0069-packages-for-uploads-limits-and-commands.md).
export async function readMultipartForm<Saved>(
  request: Request,
  { maxFiles, maxFileBytes }: { maxFiles: number; maxFileBytes: number },
  saveFile: (
    file: { field: string; fileName: string; stream: Readable },
    fieldsSoFar: Readonly<Record<string, string>>,
  ) => Promise<Saved>,
): Promise<{ fields: Record<string, string>; files: Record<string, Saved> }> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type) || !request.body)
    throw new UploadError(415, "Send the form as multipart/form-data.");
  if (request.signal.aborted) throw brokenOff();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: {
        files: maxFiles,
        fileSize: maxFileBytes + 1,
        fields: 200,
        fieldSize: 20_000,
      },
    });
  } catch {
    throw new UploadError(400, "The upload could not be read.");
  }
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const fields: Record<string, string> = {};
  const files: Record<string, Saved> = {};
  const saving: Promise<void>[] = [];
  let refusal: UploadError | undefined;
  const fail = (error: unknown) => {
    if (refusal) return;
    refusal = error instanceof UploadError ? error : brokenOff();
    body.unpipe(parser);
    body.resume();
    // Destroyed, so a saver half-way removes its temporary file at once (docs/security.md#uploads).
    parser.destroy(refusal);
  };
  const aborted = () => fail(brokenOff());
  request.signal.addEventListener("abort", aborted, { once: true });
  const tooMany = (what: string) => () =>
    fail(new UploadError(413, `The form has too many ${what}.`));

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) return fail(new UploadError(413, `The field ${name} is too long.`));
    fields[name] = value;
  });
  parser.on("file", (field, stream, { filename: fileName }) => {
    // A cut-off form can fail it before its saver reads: unheard, that ends the process.
    stream.on("error", () => {});
    if (!fileName) return void stream.resume();
    const saved = (async () => saveFile({ field, fileName, stream }, { ...fields }))();
    saving.push(
      saved.then(
        (file) => void (files[field] = file),
        (error: unknown) => {
          stream.resume();
          fail(error);
        },
      ),
    );
  });
  parser.on("fieldsLimit", tooMany("fields"));
  parser.on("filesLimit", tooMany("files"));
  parser.on("partsLimit", tooMany("parts"));
  parser.on("error", fail);
  body.on("error", fail);
  const closed = new Promise((resolve) => parser.on("close", resolve));
  body.pipe(parser);
  await closed;
  await Promise.all(saving);
  request.signal.removeEventListener("abort", aborted);
  if (refusal) throw refusal;
  return { fields, files };
}
