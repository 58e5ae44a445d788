import { eq, getTableColumns, inArray } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { liteCopies, storedFiles } from "#database/schema";
import type { FileStorage } from "#app/lib/file-storage.server";

const { createdAt: _createdAt, ...fileColumns } = getTableColumns(storedFiles);
type FileRow = Omit<typeof storedFiles.$inferSelect, "createdAt">;

export type StoredFile = FileRow & { lite: { sha256: string; byteSize: number } | null };

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
}: FileRow & { liteSha256: string | null; liteByteSize: number | null }): StoredFile {
  const hasLite = liteSha256 !== null && liteByteSize !== null;
  return { ...file, lite: hasLite ? { sha256: liteSha256, byteSize: liteByteSize } : null };
}

export async function recordStoredFile({ db, file }: { db: Database; file: Omit<FileRow, "id"> }) {
  const [stored] = await db.insert(storedFiles).values(file).returning({ id: storedFiles.id });
  return stored!.id;
}

export async function storeFile({
  db,
  storage,
  bytes,
  file,
}: {
  db: Database;
  storage: FileStorage;
  bytes: Buffer;
  file: Pick<FileRow, "contentType" | "fileName" | "isSample">;
}): Promise<number> {
  const { sha256, byteSize } = await storage.save(bytes);
  return recordStoredFile({ db, file: { ...file, sha256, byteSize } });
}

export async function findStoredFile({ db, id }: { db: Database; id: number }) {
  const [file] = await selectFiles(db).where(eq(storedFiles.id, id));
  return file && withLite(file);
}

export async function findStoredFiles({ db, ids }: { db: Database; ids: readonly number[] }) {
  if (ids.length === 0) return new Map<number, StoredFile>();
  const files = await selectFiles(db).where(inArray(storedFiles.id, [...new Set(ids)]));
  return new Map(files.map((file) => [file.id, withLite(file)]));
}

export async function findStoredImage({ db, sha256 }: { db: Database; sha256: string }) {
  // Served on every picture request, and a picture has no lite copy: no join.
  const [file] = await db
    .select(fileColumns)
    .from(storedFiles)
    .where(eq(storedFiles.sha256, sha256))
    .limit(1);
  return file?.contentType.startsWith("image/") ? { ...file, lite: null } : undefined;
}

export function storedImageAddress(file: { sha256: string; fileName: string }): string {
  return `/files/${file.sha256}${file.fileName.slice(file.fileName.lastIndexOf("."))}`;
}
