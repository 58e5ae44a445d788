import { eq, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials } from "#database/schema";
import type { ExternalLink, MaterialEdit } from "./material-schemas";

export type MaterialChange = { outcome: "changed" | "not-found" };

/** Marked origin "site", so loading the content files at the next start leaves the row alone. */
async function changeMaterial(
  db: Database,
  key: string,
  change: Partial<typeof materials.$inferInsert>,
): Promise<MaterialChange> {
  const updated = await db
    .update(materials)
    .set({ ...change, origin: "site", updatedAt: new Date() })
    .where(eq(materials.key, key))
    .returning({ id: materials.id });
  return { outcome: updated.length > 0 ? "changed" : "not-found" };
}

export function updateMaterial({
  db,
  key,
  edit,
}: {
  db: Database;
  key: string;
  edit: MaterialEdit;
}) {
  // A free material shows no price.
  return changeMaterial(db, key, { ...edit, priceNgwee: edit.isFree ? null : edit.priceNgwee });
}

/** Points a material at a stored file, in place of any external link. */
export function setMaterialFile({
  db,
  key,
  fileId,
}: {
  db: Database;
  key: string;
  fileId: number;
}) {
  return changeMaterial(db, key, { fileId, externalUrl: null, externalByteSize: null });
}

export function setMaterialImage({ db, key, src }: { db: Database; key: string; src: string }) {
  return changeMaterial(db, key, { image: src });
}

export function setMaterialExternalLink({
  db,
  key,
  link,
}: {
  db: Database;
  key: string;
  link: ExternalLink;
}) {
  return changeMaterial(db, key, { externalUrl: link.url, externalByteSize: link.byteSize });
}

export async function countDownload({ db, materialId }: { db: Database; materialId: number }) {
  await db
    .update(materials)
    .set({ downloadCount: sql`${materials.downloadCount} + 1` })
    .where(eq(materials.id, materialId));
}
