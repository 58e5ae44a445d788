import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import {
  checkedUpload,
  fileName,
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
} from "./file-storage.server";
import type { S3Location } from "./storage-config.server";

// S3 refuses parts under 5 MiB except the last; 8 MiB keeps an upload's memory small.
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
// The time limit covers the response's headers only, so a long download is never cut off.
const RESPONSE_TIMEOUT_MS = 10_000;
const TRANSFER_TIMEOUT_MS = 120_000;

export class S3ResponseError extends StorageUnavailableError {
  override name = "S3ResponseError";
  constructor(
    readonly status: number,
    code: string | undefined,
    what: string,
  ) {
    super(`${what}: the store responded ${status}${code ? ` ${code}` : ""}`);
  }
}

const ifMissing =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (error instanceof S3ResponseError && error.status === 404) return fallback;
    throw error;
  };

// Uploads go to a temporary key, then to their sha256 (docs/decisions/0050-s3-storage-client.md).
export function s3Storage(
  location: S3Location,
  {
    partBytes = DEFAULT_PART_BYTES,
    redirectDownloads = false,
  }: { partBytes?: number; redirectDownloads?: boolean } = {},
): FileStorage {
  const s3 = s3Requests(location);
  const keyOfFile = (sha256: string) => s3.keyOf(fileName(sha256));
  const has = (sha256: string) =>
    s3
      .request("look for a stored file", keyOfFile(sha256), { method: "HEAD" })
      .then(() => true, ifMissing(false));

  async function putIfMissing(sha256: string, bytes: Buffer) {
    if (await has(sha256)) return;
    const response = await s3.request("store a file", keyOfFile(sha256), {
      method: "PUT",
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { "Content-Type": "application/octet-stream" },
      timeoutMs: TRANSFER_TIMEOUT_MS,
    });
    await response.arrayBuffer();
  }

  const storage: FileStorage = {
    async save(bytes) {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      await putIfMissing(sha256, bytes);
      return { sha256, byteSize: bytes.byteLength };
    },
    async saveStream(stream, { maxBytes, inspect }) {
      const checked = checkedUpload(stream, { maxBytes, inspect });
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let upload: MultipartUpload | undefined;
      try {
        for await (const chunk of checked.chunks) {
          pending.push(chunk);
          pendingBytes += chunk.byteLength;
          // Waiting for each part holds the sender back: no more than a part is in memory.
          while (pendingBytes >= partBytes) {
            const whole = Buffer.concat(pending);
            upload ??= await startUpload(s3);
            await upload.sendPart(whole.subarray(0, partBytes));
            pending = [Buffer.from(whole.subarray(partBytes))];
            pendingBytes = whole.byteLength - partBytes;
          }
        }
        const saved = { sha256: checked.sha256(), byteSize: checked.byteSize() };
        if (!upload) {
          await putIfMissing(saved.sha256, Buffer.concat(pending));
        } else {
          if (pendingBytes > 0) await upload.sendPart(Buffer.concat(pending));
          await upload.complete();
          if (!(await has(saved.sha256))) await upload.copyTo(keyOfFile(saved.sha256));
        }
        return saved;
      } finally {
        // Nothing half-made stays behind (docs/security.md#uploads).
        await upload?.discard();
      }
    },
    async open(sha256, range) {
      const what = "read a stored file";
      const response = await s3
        .request(what, keyOfFile(sha256), {
          method: "GET",
          headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
        })
        .catch(ifMissing(null));
      if (!response) throw new StoredFileMissingError(sha256);
      if (!response.body) throw new StorageUnavailableError(`${what}: the response had no body`);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    has,
    check: () => s3.headBucket(2_000),
  };
  if (redirectDownloads) {
    storage.downloadUrl = async (sha256, { contentType, contentDisposition, expiresSeconds }) => {
      const url = s3.urlOf(keyOfFile(sha256), {
        "X-Amz-Expires": String(expiresSeconds),
        "response-content-type": contentType,
        "response-content-disposition": contentDisposition,
      });
      return (await s3.client.sign(url, { method: "GET", aws: { signQuery: true } })).url;
    };
  }
  return storage;
}

type MultipartUpload = Awaited<ReturnType<typeof startUpload>>;

async function startUpload(s3: S3Requests) {
  const key = s3.keyOf(`tmp/${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`);
  const what = "start an upload";
  const started = await s3.request(what, key, { method: "POST", query: { uploads: "" } });
  const uploadId = xmlValue(await started.text(), "UploadId");
  if (!uploadId) throw new StorageUnavailableError(`${what}: the response named no upload`);
  const etags: string[] = [];
  let completed = false;
  return {
    async sendPart(bytes: Buffer) {
      const what = "upload a part";
      const response = await s3.request(what, key, {
        method: "PUT",
        body: bytes as Uint8Array<ArrayBuffer>,
        query: { partNumber: String(etags.length + 1), uploadId },
        timeoutMs: TRANSFER_TIMEOUT_MS,
      });
      await response.arrayBuffer();
      const etag = response.headers.get("etag");
      if (!etag) throw new StorageUnavailableError(`${what}: the response had no ETag`);
      etags.push(etag);
    },
    async complete() {
      const parts = etags.map(
        (etag, at) => `<Part><PartNumber>${at + 1}</PartNumber><ETag>${etag}</ETag></Part>`,
      );
      await checkedTransfer(s3, "finish an upload", key, {
        method: "POST",
        body: `<CompleteMultipartUpload>${parts.join("")}</CompleteMultipartUpload>`,
        headers: { "Content-Type": "application/xml" },
        query: { uploadId },
      });
      completed = true;
    },
    copyTo: (target: string) =>
      checkedTransfer(s3, "copy an upload into place", target, {
        method: "PUT",
        headers: { "x-amz-copy-source": s3.copySource(key) },
      }),
    discard: () =>
      s3
        .request(completed ? "delete a temporary object" : "abort an upload", key, {
          method: "DELETE",
          query: completed ? {} : { uploadId },
        })
        .then(
          (response) => response.arrayBuffer(),
          () => {},
        ),
  };
}

// S3 may respond 200 and still report an error in the body.
async function checkedTransfer(s3: S3Requests, what: string, key: string, init: S3RequestInit) {
  const response = await s3.request(what, key, { ...init, timeoutMs: TRANSFER_TIMEOUT_MS });
  const body = await response.text();
  if (body.includes("<Error>"))
    throw new StorageUnavailableError(`${what}: the store responded ${xmlValue(body, "Code")}`);
}

type S3Requests = ReturnType<typeof s3Requests>;
type S3RequestInit = RequestInit & { query?: Record<string, string>; timeoutMs?: number };

export function s3Requests(location: S3Location) {
  // No retries: aws4fetch's backoff would hold a health check or a page for seconds.
  const client = new AwsClient({ ...location, service: "s3", retries: 0 });
  const base = location.endpoint
    ? `${location.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(location.bucket)}`
    : `https://${location.bucket}.s3.${location.region}.amazonaws.com`;
  const pathOf = (key: string) => key.split("/").map(encodeURIComponent).join("/");
  const urlOf = (key: string, query: Record<string, string> = {}) => {
    const url = new URL(`${base}/${pathOf(key)}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  // Any response but a 2xx throws, naming the store's error code when its body has one.
  async function request(
    what: string,
    key: string | null,
    { query, timeoutMs = RESPONSE_TIMEOUT_MS, ...init }: S3RequestInit,
  ): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      const url = key === null ? base : urlOf(key, query).toString();
      response = await client.fetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      throw new StorageUnavailableError(
        controller.signal.aborted
          ? `${what}: no response from the store within ${timeoutMs / 1000} s`
          : `${what}: the store could not be reached (${describe(error)})`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
    if (response.ok) return response;
    const body = await response.text().catch(() => "");
    throw new S3ResponseError(response.status, xmlValue(body, "Code"), what);
  }

  return {
    keyOf: (name: string) => (location.prefix ? `${location.prefix}/${name}` : name),
    urlOf,
    copySource: (key: string) => `/${encodeURIComponent(location.bucket)}/${pathOf(key)}`,
    request,
    headBucket: async (timeoutMs: number) =>
      void (await request("reach the bucket", null, { method: "HEAD", timeoutMs })),
    client,
  };
}

function xmlValue(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
