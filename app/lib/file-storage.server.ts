import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { access, constants, lstat, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

type Saved = { sha256: string; byteSize: number };
// `inspect` sees the first 16 bytes and may refuse the file by throwing.
type UploadRules = { maxBytes: number; inspect?: (head: Buffer) => void };

export interface FileStorage {
  save(bytes: Buffer): Promise<Saved>;
  saveStream(stream: Readable, rules: UploadRules): Promise<Saved>;
  open(sha256: string, range?: { start: number; end: number }): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  check(): Promise<void>;
  downloadUrl?(
    sha256: string,
    options: { contentType: string; contentDisposition: string; expiresSeconds: number },
  ): Promise<string>;
}

export class StoredFileMissingError extends Error {
  override name = "StoredFileMissingError";
  constructor(readonly sha256: string) {
    super(`no stored file ${sha256}`);
  }
}

const UNAVAILABLE = Symbol.for("studyzed.storage-unavailable");

export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  readonly [UNAVAILABLE] = true;

  // Also across copies of this module: tests hand the built server a store made from the sources.
  static is(error: unknown): error is StorageUnavailableError {
    return typeof error === "object" && error !== null && UNAVAILABLE in error;
  }
}

export class FileTooLargeError extends Error {
  override name = "FileTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${Math.round(maxBytes / 1_000_000)} MB`);
  }
}

// The address is always ours, never a user's path (docs/security.md#files).
export function fileName(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error("not a sha256 address");
  return `${sha256.slice(0, 2)}/${sha256}`;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export const ifMissing =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (!isMissing(error)) throw error;
    return fallback;
  };

export function localDiskStorage(root: string): FileStorage {
  const pathOf = (sha256: string) => path.join(root, fileName(sha256));
  const has = (sha256: string) => stat(pathOf(sha256)).then(() => true, ifMissing(false));

  const storage: FileStorage = {
    async save(bytes) {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      if (await has(sha256)) return { sha256, byteSize: bytes.byteLength };
      return storage.saveStream(Readable.from([bytes]), { maxBytes: Infinity });
    },
    async saveStream(stream, { maxBytes, inspect }) {
      await mkdir(temporaryDir(root), { recursive: true });
      const temporary = path.join(temporaryDir(root), `${randomBytes(8).toString("hex")}.upload`);
      const handle = await open(temporary, "wx", 0o640);
      const upload = checkedUpload(stream, { maxBytes, inspect });
      try {
        for await (const chunk of upload.chunks) await handle.write(chunk);
        await handle.sync();
        await handle.close();
        const target = pathOf(upload.sha256());
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temporary, target);
        return { sha256: upload.sha256(), byteSize: upload.byteSize() };
      } finally {
        await handle.close().catch(() => {});
        await rm(temporary, { force: true });
      }
    },
    async open(sha256, range) {
      const stream = createReadStream(pathOf(sha256), range);
      await once(stream, "ready").catch((error: unknown) => {
        throw isMissing(error) ? new StoredFileMissingError(sha256) : error;
      });
      return stream;
    },
    has,
    check: () =>
      access(root, constants.R_OK).catch((error: unknown) => {
        if (!isMissing(error))
          throw new StorageUnavailableError(`the files folder cannot be read: ${String(error)}`);
      }),
  };
  return storage;
}

// A refused file's stream stays open for the form parser to drain, or the rest of the form stalls.
export function checkedUpload(stream: Readable, { maxBytes, inspect }: UploadRules) {
  const hash = createHash("sha256");
  let byteSize = 0;
  let head = Buffer.alloc(0);
  async function* chunks(): AsyncGenerator<Buffer> {
    const received = stream.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
    for await (const chunk of received) {
      byteSize += chunk.byteLength;
      if (byteSize > maxBytes) throw new FileTooLargeError(maxBytes);
      if (inspect && head.byteLength < 16) {
        head = Buffer.concat([head, chunk]);
        if (head.byteLength >= 16) inspect(head.subarray(0, 16));
      }
      hash.update(chunk);
      yield chunk;
    }
    if (inspect && head.byteLength < 16) inspect(head);
    if ((stream as Readable & { truncated?: boolean }).truncated)
      throw new FileTooLargeError(maxBytes);
  }
  let sha256: string | undefined;
  return {
    chunks: chunks(),
    byteSize: () => byteSize,
    sha256: () => (sha256 ??= hash.digest("hex")),
  };
}

// Other processes' uploads may be in flight: only old files are swept (docs/security.md#uploads).
export const TEMPORARY_FILE_MAX_AGE_MS = 60 * 60_000;

export async function sweepTemporaryFiles(
  root: string,
  { olderThanMs = TEMPORARY_FILE_MAX_AGE_MS, now = Date.now() } = {},
): Promise<number> {
  const names = await readdir(temporaryDir(root)).catch(ifMissing([]));
  let removed = 0;
  for (const name of names) {
    const file = path.join(temporaryDir(root), name);
    const stats = await lstat(file).catch(() => null);
    if (!stats?.isFile() || now - stats.mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

const temporaryDir = (root: string) => path.join(root, "tmp");

export const filesDir = (dataDir: string) => path.join(dataDir, "files");
