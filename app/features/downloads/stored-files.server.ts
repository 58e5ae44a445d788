import { eq, inArray } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { liteCopies, storedFiles } from "#database/schema";
import type { FileStorage } from "#app/lib/file-storage.server";

export type StoredFile = {
  id: number;
  sha256: string;
  byteSize: number;
  contentType: string;
  fileName: string;
  isSample: boolean;
  /** The file's lite copy for reading on a phone, when one was made (lite-copies.server.ts). */
  lite: { sha256: string; byteSize: number } | null;
};

const fileColumns = {
  id: storedFiles.id,
  sha256: storedFiles.sha256,
  byteSize: storedFiles.byteSize,
  contentType: storedFiles.contentType,
  fileName: storedFiles.fileName,
  isSample: storedFiles.isSample,
};

/** The files, each with its lite copy's address and size when it has one. */
function selectFiles(db: Database) {
  return db
    .select({
      ...fileColumns,
      liteSha256: liteCopies.liteSha256,
      liteByteSize: liteCopies.liteByteSize,
    })
    .from(storedFiles)
    .leftJoin(liteCopies, eq(liteCopies.fullSha256, storedFiles.sha256));
}

function withLite({
  liteSha256,
  liteByteSize,
  ...file
}: {
  liteSha256: string | null;
  liteByteSize: number | null;
} & Omit<StoredFile, "lite">): StoredFile {
  return {
    ...file,
    lite:
      liteSha256 === null || liteByteSize === null
        ? null
        : { sha256: liteSha256, byteSize: liteByteSize },
  };
}

/** Records a file whose bytes are already in storage; returns its id. */
export async function recordStoredFile({
  db,
  file,
}: {
  db: Database;
  file: Omit<StoredFile, "id" | "lite">;
}): Promise<number> {
  const [stored] = await db.insert(storedFiles).values(file).returning({ id: storedFiles.id });
  return stored!.id;
}

/** Stores bytes (once per content) and records them as a file; returns its id. */
export async function storeFile({
  db,
  storage,
  bytes,
  file,
}: {
  db: Database;
  storage: FileStorage;
  bytes: Buffer;
  file: Pick<StoredFile, "contentType" | "fileName" | "isSample">;
}): Promise<number> {
  const { sha256, byteSize } = await storage.save(bytes);
  return recordStoredFile({ db, file: { ...file, sha256, byteSize } });
}

export async function findStoredFile({
  db,
  id,
}: {
  db: Database;
  id: number;
}): Promise<StoredFile | undefined> {
  const [file] = await selectFiles(db).where(eq(storedFiles.id, id));
  return file && withLite(file);
}

/** The files with these ids, by id (missing ids are simply absent). */
export async function findStoredFiles({
  db,
  ids,
}: {
  db: Database;
  ids: readonly number[];
}): Promise<Map<number, StoredFile>> {
  if (ids.length === 0) return new Map();
  const files = await selectFiles(db).where(inArray(storedFiles.id, [...new Set(ids)]));
  return new Map(files.map((file) => [file.id, withLite(file)]));
}

/** An uploaded picture (article image or cover), by the hash its address is made of. */
export async function findStoredImage({
  db,
  sha256,
}: {
  db: Database;
  sha256: string;
}): Promise<StoredFile | undefined> {
  // Served on every picture request, and a picture has no lite copy: no join.
  const [file] = await db
    .select(fileColumns)
    .from(storedFiles)
    .where(eq(storedFiles.sha256, sha256))
    .limit(1);
  return file?.contentType.startsWith("image/") ? { ...file, lite: null } : undefined;
}

/** Where an uploaded picture is served: its hash, and the extension it was stored with. */
export function storedImageAddress(file: { sha256: string; fileName: string }): string {
  return `/files/${file.sha256}${file.fileName.slice(file.fileName.lastIndexOf("."))}`;
}
