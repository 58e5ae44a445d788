import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#database/client.server";
import { materials, storedFiles } from "#database/schema";
import { QUIZ_SLUGS } from "#app/features/quizzes/quiz-constants";
import { contentChanged } from "#app/lib/content-caches.server";
import { isPlainText } from "#app/lib/text-rules";
import { recordAudit, type Actor } from "./audit.server";

/** Runs a change to the catalogue, then drops every cached page that may show it. */
async function changingCatalogue<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    contentChanged();
  }
}

/** The fields an admin may edit on a material (issue 7); anything else in a body is ignored. */
export const MaterialEditSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Title is required.")
    .max(200)
    .refine(isPlainText, "Title must not contain control characters."),
  crossedOutPrice: z
    .union([
      z.literal(""),
      z.string().regex(/^\d+\.\d{2}$/, "A crossed-out price looks like 19.99."),
    ])
    .optional(),
  priceNgwee: z.number().int().min(0).max(1_000_000).nullable().optional(),
  isFree: z.boolean(),
  grade: z.union([z.literal(""), z.enum(["Ten", "Eleven", "Twelve", "Ten - Twelve"])]).optional(),
  year: z.number().int().min(2000).max(2100).nullable().optional(),
  label: z
    .string()
    .trim()
    .max(80)
    .refine(isPlainText, "Label must not contain control characters.")
    .optional(),
  brainBooster: z.union([z.literal(""), z.enum(QUIZ_SLUGS as [string, ...string[]])]).optional(),
});
export type MaterialEdit = z.infer<typeof MaterialEditSchema>;

export const ExternalLinkSchema = z.object({
  url: z.url({ protocol: /^https$/, error: "The link must be an https address." }),
  byteSize: z
    .number({ error: "Give the file's size in bytes, so students see it before they tap." })
    .int()
    .positive()
    .max(5_000_000_000),
});

/** Every material (or the one with `key`) with its file's size, sample flag and download count, by page. */
export async function listMaterialsForAdmin({ db, key }: { db: Database; key?: string }) {
  return db
    .select({
      id: materials.id,
      key: materials.key,
      kind: materials.kind,
      page: materials.page,
      title: materials.title,
      grade: materials.grade,
      year: materials.year,
      label: materials.label,
      isFree: materials.isFree,
      priceNgwee: materials.priceNgwee,
      crossedOutPrice: materials.crossedOutPrice,
      brainBooster: materials.brainBooster,
      downloadCount: materials.downloadCount,
      externalUrl: materials.externalUrl,
      externalByteSize: materials.externalByteSize,
      origin: materials.origin,
      fileName: storedFiles.fileName,
      byteSize: storedFiles.byteSize,
      isSample: storedFiles.isSample,
    })
    .from(materials)
    .leftJoin(storedFiles, eq(storedFiles.id, materials.fileId))
    .where(key === undefined ? undefined : eq(materials.key, key))
    .orderBy(asc(materials.page), asc(materials.position), asc(materials.id));
}

export type AdminMaterial = Awaited<ReturnType<typeof listMaterialsForAdmin>>[number];

export async function findMaterialForAdmin({ db, key }: { db: Database; key: string }) {
  const [material] = await listMaterialsForAdmin({ db, key });
  return material;
}

/** An edit made on the site marks the row as the site's, so reloading content leaves it alone. */
export async function updateMaterial({
  db,
  actor,
  key,
  edit,
}: {
  db: Database;
  actor: Actor;
  key: string;
  edit: MaterialEdit;
}): Promise<boolean> {
  return changingCatalogue(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(materials)
        .set({
          title: edit.title,
          isFree: edit.isFree,
          ...(edit.crossedOutPrice !== undefined
            ? { crossedOutPrice: edit.crossedOutPrice || null }
            : {}),
          ...(edit.priceNgwee !== undefined
            ? { priceNgwee: edit.isFree ? null : edit.priceNgwee }
            : {}),
          ...(edit.grade !== undefined ? { grade: edit.grade || null } : {}),
          ...(edit.year !== undefined ? { year: edit.year } : {}),
          ...(edit.label !== undefined ? { label: edit.label || null } : {}),
          ...(edit.brainBooster !== undefined ? { brainBooster: edit.brainBooster || null } : {}),
          origin: "site",
          updatedAt: new Date(),
        })
        .where(eq(materials.key, key))
        .returning({ id: materials.id });
      if (!updated.length) return false;
      await recordAudit({
        db: tx,
        actor,
        action: "material.update",
        target: `material ${key}`,
        details: edit,
      });
      return true;
    }),
  );
}

/** Points a material at a newly stored file (after the upload is safely on disk). */
export async function replaceMaterialFile({
  db,
  actor,
  key,
  file,
}: {
  db: Database;
  actor: Actor;
  key: string;
  file: { sha256: string; byteSize: number; contentType: string; fileName: string };
}): Promise<boolean> {
  return changingCatalogue(() =>
    db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(storedFiles)
        .values({ ...file, isSample: false })
        .returning({ id: storedFiles.id });
      const updated = await tx
        .update(materials)
        .set({
          fileId: stored!.id,
          externalUrl: null,
          externalByteSize: null,
          origin: "site",
          updatedAt: new Date(),
        })
        .where(eq(materials.key, key))
        .returning({ id: materials.id });
      if (!updated.length) throw new MaterialNotFoundError(key);
      await recordAudit({
        db: tx,
        actor,
        action: "material.replace-file",
        target: `material ${key}`,
        details: { fileName: file.fileName, byteSize: file.byteSize, sha256: file.sha256 },
      });
      return true;
    }),
  );
}

/** A new cover or product picture, already stored and served at `src`. */
export async function setMaterialImage({
  db,
  actor,
  key,
  src,
}: {
  db: Database;
  actor: Actor;
  key: string;
  src: string;
}): Promise<boolean> {
  return changingCatalogue(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(materials)
        .set({ image: src, origin: "site", updatedAt: new Date() })
        .where(eq(materials.key, key))
        .returning({ id: materials.id });
      if (!updated.length) return false;
      await recordAudit({
        db: tx,
        actor,
        action: "material.replace-image",
        target: `material ${key}`,
        details: { src },
      });
      return true;
    }),
  );
}

export async function setMaterialExternalLink({
  db,
  actor,
  key,
  url,
  byteSize,
}: {
  db: Database;
  actor: Actor;
  key: string;
  url: string;
  byteSize: number;
}): Promise<boolean> {
  return changingCatalogue(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(materials)
        .set({
          externalUrl: url,
          externalByteSize: byteSize,
          origin: "site",
          updatedAt: new Date(),
        })
        .where(eq(materials.key, key))
        .returning({ id: materials.id });
      if (!updated.length) return false;
      await recordAudit({
        db: tx,
        actor,
        action: "material.set-external-link",
        target: `material ${key}`,
        details: { url, byteSize },
      });
      return true;
    }),
  );
}

export class MaterialNotFoundError extends Error {
  override name = "MaterialNotFoundError";
}
