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

/**
 * A stored file as an answer: its type and name, an ETag (its sha256, so a client that has
 * it gets a 304), and one byte range when asked, so that a download broken off by a dropped
 * connection resumes where it stopped instead of starting again.
 */
export async function fileResponse({
  request,
  storage,
  logger,
  file,
  disposition,
  cacheControl = "public, no-cache",
  onStart,
}: {
  request: Request;
  storage: FileStorage;
  logger: Logger;
  file: Pick<StoredFile, "sha256" | "byteSize" | "contentType" | "fileName">;
  disposition: "attachment" | "inline";
  cacheControl?: string;
  /**
   * Called before a GET that sends the file from its first byte: a resumed download is the
   * same download, so it is not counted again.
   */
  onStart?: () => Promise<void>;
}): Promise<Response> {
  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    ETag: etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
  });
  if (namesCurrentVersion(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });

  // A Range only applies to the version it was asked against (If-Range).
  const ifRange = request.headers.get("if-range");
  const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.get("range");
  const range = parseByteRange(rangeHeader ?? undefined, file.byteSize);
  if (range === "unsatisfiable") {
    // JSON, not the file's type: nothing here is a PDF to be saved (docs/security.md, "Files").
    return jsonError(416, "That part of the file does not exist.", {
      ...Object.fromEntries(headers),
      "Content-Range": `bytes */${file.byteSize}`,
    });
  }
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Disposition", contentDisposition(disposition, file.fileName));
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.byteSize}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
  } else {
    headers.set("Content-Length", String(file.byteSize));
  }
  const status = range ? 206 : 200;
  if (request.method === "HEAD") return new Response(null, { status, headers });
  if (!range || range.start === 0) await onStart?.();
  if (storage.downloadUrl && mayFollowToStore(request))
    return redirectToStore({ storage, logger, file, disposition, etag });
  let stream;
  try {
    stream = await storage.open(file.sha256, range ?? undefined);
  } catch (error) {
    logger.error({ err: error, sha256: file.sha256 }, "stored file could not be read");
    if (StorageUnavailableError.is(error)) return storeUnavailable();
    return jsonError(500, "The file could not be read. Please try again.");
  }
  return new Response(createReadableStreamFromReadable(stream), { status, headers });
}

/**
 * Whether the client can follow a redirect to the bucket. A page's own fetch (Sec-Fetch-Mode
 * cors or same-origin: 'Save for offline', the service worker's check of a saved file) could
 * not: the bucket is another origin, which the page's Content-Security-Policy does not let it
 * connect to and whose CORS and ETag are not the site's. Those get the bytes from here; a link
 * followed, a media element, the Android app and any client that does not say (no header)
 * are redirected (docs/deploy.md, "Downloads").
 */
function mayFollowToStore(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode !== "cors" && mode !== "same-origin";
}

/** How long a presigned download address lasts (docs/security.md, "Object storage"). */
const DOWNLOAD_URL_SECONDS = 300;

/**
 * STORAGE_PUBLIC_DOWNLOADS=redirect: a 302 to a short-lived presigned address, so the bytes
 * never pass through the server; the store answers Range itself. Never cached, since the
 * address expires.
 */
async function redirectToStore({
  storage,
  logger,
  file,
  disposition,
  etag,
}: {
  storage: FileStorage;
  logger: Logger;
  file: Pick<StoredFile, "sha256" | "contentType" | "fileName">;
  disposition: "attachment" | "inline";
  etag: string;
}): Promise<Response> {
  try {
    const location = await storage.downloadUrl!(file.sha256, {
      contentType: file.contentType,
      contentDisposition: contentDisposition(disposition, file.fileName),
      expiresSeconds: DOWNLOAD_URL_SECONDS,
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

/** The store is down: a 503 the student can act on, not a 500 (docs/requirements.md, "Files"). */
function storeUnavailable(): Response {
  return jsonError(503, "Files cannot be fetched just now. Please try again in a few minutes.", {
    "Retry-After": "120",
    "Cache-Control": "no-store",
  });
}

/** Only reading methods get a file; anything else goes on to the page behind the address. */
export function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}
