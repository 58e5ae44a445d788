import { eq, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials } from "#database/schema";
import type { ExternalLink, MaterialEdit } from "./material-schemas";

type MaterialKey = { db: Database; key: string };
export type MaterialChange = { outcome: "changed" | "not-found" };

/** Origin "site" makes loading the content files leave the row alone. */
async function changeMaterial(
  { db, key }: MaterialKey,
  change: Partial<typeof materials.$inferInsert>,
): Promise<MaterialChange> {
  const updated = await db
    .update(materials)
    .set({ ...change, origin: "site", updatedAt: new Date() })
    .where(eq(materials.key, key))
    .returning({ id: materials.id });
  return { outcome: updated.length > 0 ? "changed" : "not-found" };
}

export function updateMaterial({ edit, ...material }: MaterialKey & { edit: MaterialEdit }) {
  return changeMaterial(material, { ...edit, priceNgwee: edit.isFree ? null : edit.priceNgwee });
}

export function setMaterialFile({ fileId, ...material }: MaterialKey & { fileId: number }) {
  return changeMaterial(material, { fileId, externalUrl: null, externalByteSize: null });
}

export function setMaterialImage({ src, ...material }: MaterialKey & { src: string }) {
  return changeMaterial(material, { image: src });
}

export function setMaterialExternalLink({
  link,
  ...material
}: MaterialKey & { link: ExternalLink }) {
  return changeMaterial(material, { externalUrl: link.url, externalByteSize: link.byteSize });
}

export async function countDownload({ db, materialId }: { db: Database; materialId: number }) {
  await db
    .update(materials)
    .set({ downloadCount: sql`${materials.downloadCount} + 1` })
    .where(eq(materials.id, materialId));
}
