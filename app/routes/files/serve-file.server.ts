import { createReadableStreamFromReadable } from "@react-router/node";
import { parseByteRange } from "#app/features/downloads/byte-range";
import { contentDisposition } from "#app/features/downloads/content-disposition";
import { namesCurrentVersion } from "#app/features/downloads/entity-tags";
import type { StoredFile } from "#app/features/downloads/stored-files.server";
import { StorageUnavailableError, type FileStorage } from "#app/lib/file-storage.server";
import type { Logger } from "#app/lib/logger";
import { jsonError } from "#app/lib/http.server";

/** Download and media keys are ours (catalogue-rows.ts); anything else names no file. */
export const MATERIAL_KEY = /^[A-Za-z0-9][A-Za-z0-9-]{0,159}$/;

/** A GET or HEAD for a file that exists gets it; anything else goes on to the 404 or 405 page. */
export function serveWhenFound<Args extends { request: Request }>(
  find: (args: Args) => Promise<Response | null | undefined>,
) {
  return [
    async (args: Args, next: () => Promise<Response>): Promise<Response> =>
      (["GET", "HEAD"].includes(args.request.method) && (await find(args))) || next(),
  ];
}

type FileServed = {
  request: Request;
  storage: FileStorage;
  logger: Logger;
  file: Pick<StoredFile, "sha256" | "byteSize" | "contentType" | "fileName">;
  disposition: "attachment" | "inline";
  cacheControl?: string;
  onStart?: () => Promise<void>;
};

// `onStart` runs once a download: for the whole file, not for a resumed part or a probe of a byte.
export async function fileResponse(served: FileServed): Promise<Response> {
  const { request, storage, logger, file, disposition, onStart } = served;
  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    ETag: etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": served.cacheControl ?? "public, no-cache",
  });
  if (namesCurrentVersion(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });

  const ifRange = request.headers.get("if-range");
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.get("range");
  const range = parseByteRange(rangeHeader ?? undefined, file.byteSize);
  if (range === "unsatisfiable") {
    // JSON, not the file's type: nothing here is a PDF to be saved (docs/security.md#files).
    return jsonError(416, "That part of the file does not exist.", {
      ...Object.fromEntries(headers),
      "Content-Range": `bytes */${file.byteSize}`,
    });
  }
  const disposed = contentDisposition(disposition, file.fileName);
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Disposition", disposed);
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.byteSize}`);
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : file.byteSize));
  const status = range ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers });
  if (!range || (range.start === 0 && range.end === file.byteSize - 1)) await onStart?.();
  // A page's own fetch (cors or same-origin mode) cannot follow to the bucket, another origin;
  // a link, a media element or the app is sent there (docs/deploy.md#downloads).
  const mode = request.headers.get("sec-fetch-mode");
  if (storage.downloadUrl && mode !== "cors" && mode !== "same-origin") {
    try {
      const location = await storage.downloadUrl(file.sha256, {
        contentType: file.contentType,
        contentDisposition: disposed,
        expiresSeconds: 300, // docs/security.md#object-storage
      });
      return new Response(null, {
        status: 302,
        headers: { Location: location, "Cache-Control": "no-store", ETag: etag },
      });
    } catch (error) {
      logger.error({ err: error, sha256: file.sha256 }, "download address could not be made");
      return storeUnavailable();
    }
  }
  try {
    const stream = await storage.open(file.sha256, range ?? undefined);
    return new Response(createReadableStreamFromReadable(stream), { status, headers });
  } catch (error) {
    logger.error({ err: error, sha256: file.sha256 }, "stored file could not be read");
    if (StorageUnavailableError.is(error)) return storeUnavailable();
    return jsonError(500, "The file could not be read. Please try again.");
  }
}

/** The store is down: a 503 the student can act on (docs/requirements.md#files). */
const storeUnavailable = () =>
  jsonError(503, "Files cannot be fetched just now. Please try again in a few minutes.", {
    "Retry-After": "120",
    "Cache-Control": "no-store",
  });
