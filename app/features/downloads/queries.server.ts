import { eq, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials, storedFiles } from "#database/schema";

export type Download = {
  materialId: number;
  externalUrl: string | null;
  file: { sha256: string; byteSize: number; contentType: string; fileName: string } | null;
};

export async function findDownload({
  db,
  key,
}: {
  db: Database;
  key: string;
}): Promise<Download | undefined> {
  const [row] = await db
    .select({
      materialId: materials.id,
      externalUrl: materials.externalUrl,
      sha256: storedFiles.sha256,
      byteSize: storedFiles.byteSize,
      contentType: storedFiles.contentType,
      fileName: storedFiles.fileName,
    })
    .from(materials)
    .leftJoin(storedFiles, eq(storedFiles.id, materials.fileId))
    .where(eq(materials.key, key))
    .limit(1);
  if (!row) return undefined;
  const { materialId, externalUrl, sha256, byteSize, contentType, fileName } = row;
  return {
    materialId,
    externalUrl,
    file:
      sha256 && byteSize !== null && contentType && fileName
        ? { sha256, byteSize, contentType, fileName }
        : null,
  };
}

export async function countDownload({
  db,
  materialId,
}: {
  db: Database;
  materialId: number;
}): Promise<void> {
  await db
    .update(materials)
    .set({ downloadCount: sql`${materials.downloadCount} + 1` })
    .where(eq(materials.id, materialId));
}
