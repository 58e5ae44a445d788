import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { access, constants, lstat, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where file bytes live. The rest of the code knows a file by its sha256 only, so the
 * local disk can later give way to object storage without touching callers.
 */
export interface FileStorage {
  /** Stores the bytes (once per content) and returns their address and size. */
  save(bytes: Buffer): Promise<{ sha256: string; byteSize: number }>;
  /**
   * Stores a stream as it arrives (uploads): written to a temporary file, flushed and only
   * then renamed into place, so a broken upload never replaces or half-writes anything.
   * `inspect` sees the first bytes and may refuse the file; `maxBytes` bounds it.
   */
  saveStream(
    stream: Readable,
    options: { maxBytes: number; inspect?: (head: Buffer) => void },
  ): Promise<{ sha256: string; byteSize: number }>;
  /**
   * The bytes, or the inclusive byte range of them, as a stream that is open and ready: a
   * missing or unreadable file fails here, before anything has been sent.
   */
  open(sha256: string, range?: { start: number; end: number }): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  /**
   * Throws a StorageUnavailableError when the store cannot answer just now. Cheap and
   * bounded in time: /healthz calls it (through storage-health.server.ts).
   */
  check(): Promise<void>;
  /**
   * A short-lived address the browser may fetch the bytes from itself (a presigned URL),
   * present only when downloads are to be redirected (STORAGE_PUBLIC_DOWNLOADS=redirect).
   */
  downloadUrl?(sha256: string, options: DownloadUrlOptions): Promise<string>;
}

type DownloadUrlOptions = {
  /** The Content-Type and Content-Disposition the store is to answer with. */
  contentType: string;
  contentDisposition: string;
  expiresSeconds: number;
};

/** The store holds nothing at this address: told apart from a store that cannot answer. */
export class StoredFileMissingError extends Error {
  override name = "StoredFileMissingError";
  constructor(readonly sha256: string) {
    super(`no stored file ${sha256}`);
  }
}

const UNAVAILABLE = Symbol.for("studyzed.storage-unavailable");

/** The store cannot be reached or refuses us just now; a later try may succeed. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
  readonly [UNAVAILABLE] = true;

  /**
   * Also true of one made by another copy of this module (tests hand the built server a
   * store made from the sources), where instanceof would not be.
   */
  static is(error: unknown): error is StorageUnavailableError {
    return typeof error === "object" && error !== null && UNAVAILABLE in error;
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Files under `root`, named by their sha256 and fanned out by its first two characters.
 * A write goes to a temporary file that is flushed and then renamed into place, so a
 * crash mid-write never leaves a half file under a real name.
 */
export function localDiskStorage(root: string): FileStorage {
  const pathOf = (sha256: string) => {
    // The address is always ours, never a user's path (docs/security.md, "Files").
    if (!SHA256.test(sha256)) throw new Error("not a sha256 address");
    return path.join(root, sha256.slice(0, 2), sha256);
  };

  return {
    async save(bytes) {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const target = pathOf(sha256);
      if (await exists(target)) return { sha256, byteSize: bytes.byteLength };
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      const handle = await open(temporary, "wx", 0o640);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { sha256, byteSize: bytes.byteLength };
    },
    async saveStream(stream, { maxBytes, inspect }) {
      await mkdir(temporaryDir(root), { recursive: true });
      const temporary = path.join(temporaryDir(root), `${randomBytes(8).toString("hex")}.upload`);
      const handle = await open(temporary, "wx", 0o640);
      const upload = checkedUpload(stream, { maxBytes, inspect });
      let closed = false;
      let placed = false;
      try {
        for await (const chunk of upload.chunks) await handle.write(chunk);
        await handle.sync();
        closed = true;
        await handle.close();
        const sha256 = upload.sha256();
        const target = pathOf(sha256);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temporary, target);
        placed = true;
        return { sha256, byteSize: upload.byteSize() };
      } finally {
        // Whatever stopped it (a refusal, a stream destroyed when its sender went away, a full
        // disk), the descriptor is closed and the temporary file removed before the caller
        // hears of it (docs/security.md, "Uploads").
        if (!closed) await handle.close().catch(() => {});
        if (!placed) await rm(temporary, { force: true });
      }
    },
    async open(sha256, range) {
      const stream = createReadStream(
        pathOf(sha256),
        range ? { start: range.start, end: range.end } : {},
      );
      try {
        await once(stream, "ready");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT")
          throw new StoredFileMissingError(sha256);
        throw error;
      }
      return stream;
    },
    has: (sha256) => exists(pathOf(sha256)),
    async check() {
      // A folder not made yet is a store with nothing in it; one we may not read is down.
      try {
        await access(root, constants.R_OK);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
        throw new StorageUnavailableError(`the files folder cannot be read: ${String(error)}`);
      }
    },
  };
}

/**
 * An upload's chunks as they arrive, each counted against `maxBytes`, hashed, and its first
 * 16 bytes shown to `inspect`; the chunks end with the checks a whole file needs (a stream cut
 * off by its source is no file). Every store reads uploads through it.
 *
 * A refused or broken file leaves its stream open, for the sender's parser to drain:
 * destroying it part-way would stall a form that carries more after it.
 */
export function checkedUpload(
  stream: Readable,
  { maxBytes, inspect }: { maxBytes: number; inspect?: (head: Buffer) => void },
) {
  const hash = createHash("sha256");
  let byteSize = 0;
  async function* chunks(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    let inspected = !inspect;
    for await (const chunk of stream.iterator({
      destroyOnReturn: false,
    }) as AsyncIterable<Buffer>) {
      byteSize += chunk.byteLength;
      if (byteSize > maxBytes) throw new FileTooLargeError(maxBytes);
      if (!inspected) {
        head = Buffer.concat([head, chunk]);
        if (head.byteLength >= 16) {
          inspect!(head.subarray(0, 16));
          inspected = true;
        }
      }
      hash.update(chunk);
      yield chunk;
    }
    if (!inspected) inspect!(head);
    if ((stream as Readable & { truncated?: boolean }).truncated)
      throw new FileTooLargeError(maxBytes);
  }
  return {
    chunks: chunks(),
    byteSize: () => byteSize,
    /** The address, once every chunk has been read. */
    sha256: () => hash.digest("hex"),
  };
}

/**
 * How old a temporary file must be to be swept at start. Several server processes on one
 * PostgreSQL may share DATA_DIR/files, so a file in the folder may be another process's
 * upload in flight: only files untouched for an hour, far longer than any upload may last
 * (docs/security.md, "Uploads"), are removed. None of this process's own can be in
 * flight, since the sweep runs before the server listens.
 */
export const TEMPORARY_FILE_MAX_AGE_MS = 60 * 60_000;

/**
 * Removes the temporary files uploads left behind (a crash mid-upload), called once when
 * the server starts (server/app.ts). Answers how many it removed.
 */
export async function sweepTemporaryFiles(
  root: string,
  { olderThanMs = TEMPORARY_FILE_MAX_AGE_MS, now = Date.now() } = {},
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(temporaryDir(root));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
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

/** Where uploads are written while they arrive, before they are renamed into place. */
function temporaryDir(root: string): string {
  return path.join(root, "tmp");
}

export class FileTooLargeError extends Error {
  override name = "FileTooLargeError";
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${Math.round(maxBytes / 1_000_000)} MB`);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Where stored files live inside DATA_DIR: outside anything served directly. */
export function filesDir(dataDir: string): string {
  return path.join(dataDir, "files");
}
