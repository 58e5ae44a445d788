import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import {
  checkedUpload,
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
} from "./file-storage.server";
import { s3Requests, xmlValue, type S3Location, type S3Requests } from "./s3-requests.server";

/** S3 refuses parts under 5 MiB except the last; 8 MiB keeps an upload's memory small. */
const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
const TRANSFER_TIMEOUT_MS = 120_000;

const SHA256 = /^[0-9a-f]{64}$/;

// Uploads go to a temporary key, then to their sha256 (docs/decisions/0050-s3-storage-client.md).
export function s3Storage(
  location: S3Location,
  {
    partBytes = DEFAULT_PART_BYTES,
    redirectDownloads = false,
  }: { partBytes?: number; redirectDownloads?: boolean } = {},
): FileStorage {
  const s3 = s3Requests(location);
  const keyOfFile = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error("not a sha256 address");
    return s3.keyOf(`${sha256.slice(0, 2)}/${sha256}`);
  };

  async function has(sha256: string): Promise<boolean> {
    const what = "look for a stored file";
    const response = await s3.send(what, s3.urlOf(keyOfFile(sha256)), { method: "HEAD" });
    if (response.status === 404) return false;
    await s3.expectOk(what, response);
    return true;
  }

  async function put(key: string, bytes: Buffer): Promise<void> {
    const response = await s3.sendOk("store a file", s3.urlOf(key), {
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
      if (!(await has(sha256))) await put(keyOfFile(sha256), bytes);
      return { sha256, byteSize: bytes.byteLength };
    },
    async saveStream(stream, { maxBytes, inspect }) {
      const checked = checkedUpload(stream, { maxBytes, inspect });
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let upload: MultipartUpload | undefined;
      let finished = false;
      try {
        for await (const chunk of checked.chunks) {
          pending.push(chunk);
          pendingBytes += chunk.byteLength;
          // Waiting for each part holds the sender back: no more than a part is in memory.
          while (pendingBytes >= partBytes) {
            const whole = Buffer.concat(pending);
            upload ??= await MultipartUpload.start(s3, s3.keyOf(`tmp/${randomName()}`));
            await upload.sendPart(whole.subarray(0, partBytes));
            // A copy of the rest, so that the part just sent can be freed.
            pending = [Buffer.from(whole.subarray(partBytes))];
            pendingBytes = whole.byteLength - partBytes;
          }
        }
        const sha256 = checked.sha256();
        const byteSize = checked.byteSize();
        const target = keyOfFile(sha256);
        if (!upload) {
          if (!(await has(sha256))) await put(target, Buffer.concat(pending));
          finished = true;
          return { sha256, byteSize };
        }
        if (pendingBytes > 0) await upload.sendPart(Buffer.concat(pending));
        pending = [];
        await upload.complete();
        if (!(await has(sha256))) await copyObject(s3, location.bucket, upload.key, target);
        finished = true;
        await upload.remove().catch(() => {});
        return { sha256, byteSize };
      } finally {
        // Nothing half-made stays behind (docs/security.md#uploads).
        if (!finished && upload) await upload.discard();
      }
    },
    async open(sha256, range) {
      const what = "read a stored file";
      const response = await s3.send(what, s3.urlOf(keyOfFile(sha256)), {
        method: "GET",
        headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (response.status === 404) {
        await response.arrayBuffer().catch(() => {});
        throw new StoredFileMissingError(sha256);
      }
      await s3.expectOk(what, response);
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
      const signed = await s3.client.sign(url.toString(), {
        method: "GET",
        aws: { signQuery: true },
      });
      return signed.url;
    };
  }
  return storage;
}

class MultipartUpload {
  private readonly parts: { number: number; etag: string }[] = [];
  private completed = false;

  private constructor(
    private readonly s3: S3Requests,
    readonly key: string,
    private readonly uploadId: string,
  ) {}

  static async start(s3: S3Requests, key: string): Promise<MultipartUpload> {
    const what = "start an upload";
    const response = await s3.sendOk(what, s3.urlOf(key, { uploads: "" }), { method: "POST" });
    const uploadId = xmlValue(await response.text(), "UploadId");
    if (!uploadId) throw new StorageUnavailableError(`${what}: the response named no upload`);
    return new MultipartUpload(s3, key, uploadId);
  }

  async sendPart(bytes: Buffer): Promise<void> {
    const what = "upload a part";
    const number = this.parts.length + 1;
    const response = await this.s3.sendOk(
      what,
      this.s3.urlOf(this.key, { partNumber: String(number), uploadId: this.uploadId }),
      { method: "PUT", body: bytes as Uint8Array<ArrayBuffer>, timeoutMs: TRANSFER_TIMEOUT_MS },
    );
    await response.arrayBuffer();
    const etag = response.headers.get("etag");
    if (!etag) throw new StorageUnavailableError(`${what}: the response had no ETag`);
    this.parts.push({ number, etag });
  }

  async complete(): Promise<void> {
    const what = "finish an upload";
    const parts = this.parts
      .map(
        (part) => `<Part><PartNumber>${part.number}</PartNumber><ETag>${part.etag}</ETag></Part>`,
      )
      .join("");
    const response = await this.s3.sendOk(
      what,
      this.s3.urlOf(this.key, { uploadId: this.uploadId }),
      {
        method: "POST",
        body: `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`,
        headers: { "Content-Type": "application/xml" },
        timeoutMs: TRANSFER_TIMEOUT_MS,
      },
    );
    // S3 may respond 200 and still report an error in the body.
    throwOnErrorBody(what, await response.text());
    this.completed = true;
  }

  async remove(): Promise<void> {
    const response = await this.s3.sendOk("delete a temporary object", this.s3.urlOf(this.key), {
      method: "DELETE",
    });
    await response.arrayBuffer();
  }

  async discard(): Promise<void> {
    if (this.completed) {
      await this.remove().catch(() => {});
      return;
    }
    const response = await this.s3
      .send("abort an upload", this.s3.urlOf(this.key, { uploadId: this.uploadId }), {
        method: "DELETE",
      })
      .catch(() => undefined);
    await response?.arrayBuffer().catch(() => {});
  }
}

async function copyObject(s3: S3Requests, bucket: string, from: string, to: string) {
  const what = "copy an upload into place";
  const source = `/${encodeURIComponent(bucket)}/${from.split("/").map(encodeURIComponent).join("/")}`;
  const response = await s3.sendOk(what, s3.urlOf(to), {
    method: "PUT",
    headers: { "x-amz-copy-source": source },
    timeoutMs: TRANSFER_TIMEOUT_MS,
  });
  throwOnErrorBody(what, await response.text());
}

function throwOnErrorBody(what: string, body: string) {
  if (body.includes("<Error>"))
    throw new StorageUnavailableError(`${what}: the store responded ${xmlValue(body, "Code")}`);
}

function randomName(): string {
  return `${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`;
}
