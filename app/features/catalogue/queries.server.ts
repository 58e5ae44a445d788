import { quizPath } from "#app/features/quizzes/public.server";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials, subjects } from "#database/schema";
import * as downloads from "#app/features/downloads/public.server";
import { siteSettings } from "#app/lib/site-settings.server";
import { downloadName } from "./download-name";
import { toNamedEntries, type NamedEntry } from "./import-names";
import { sampleNote } from "./sample-note";
import { subjectSavedName, type SubjectKind } from "./subject-names";

export type DownloadLink = {
  /** The lite copy when the file has one; `full` then links the full file. */
  href: string;
  size: string | null;
  cost: string | null;
  sample: string | null;
  full: { href: string; text: string } | null;
};

export type MaterialView = Awaited<ReturnType<typeof pageMaterials>>[number];

const downloadColumns = {
  key: materials.key,
  kind: materials.kind,
  externalUrl: materials.externalUrl,
  externalByteSize: materials.externalByteSize,
  fileId: materials.fileId,
};

export async function withFiles<Row extends { fileId: number | null }>(db: Database, rows: Row[]) {
  const ids = rows.flatMap((row) => (row.fileId === null ? [] : [row.fileId]));
  const files = await downloads.findStoredFiles({ db, ids });
  return rows.map((row) => ({
    row,
    file: row.fileId === null ? undefined : files.get(row.fileId),
  }));
}

export async function pageMaterials({ db }: { db: Database }, page: string) {
  const rows = await db
    .select({
      ...downloadColumns,
      title: materials.title,
      description: materials.description,
      grade: materials.grade,
      year: materials.year,
      label: materials.label,
      image: materials.image,
      imageAlt: materials.imageAlt,
      crossedOutPrice: materials.crossedOutPrice,
      priceNgwee: materials.priceNgwee,
      isFree: materials.isFree,
      brainBooster: materials.brainBooster,
      topics: materials.topics,
      topicKey: materials.topicKey,
      youtubeId: materials.youtubeId,
    })
    .from(materials)
    .where(eq(materials.page, page))
    .orderBy(asc(materials.position), asc(materials.id));
  const pricePerMb = siteSettings.dataPricePerMb;
  return (await withFiles(db, rows)).map(({ row, file }) => {
    const { externalByteSize: _bytes, externalUrl: _url, fileId: _id, ...shown } = row;
    return {
      ...shown,
      brainBoosterHref: shown.brainBooster ? quizPath(shown.brainBooster) : null,
      contentType: file?.contentType ?? null,
      download: downloadLink(row, file, pricePerMb),
    };
  });
}

function downloadLink(
  material: Pick<typeof materials.$inferSelect, keyof typeof downloadColumns>,
  file: downloads.StoredFile | undefined,
  pricePerMb: number | undefined,
): DownloadLink {
  const { externalUrl } = material;
  const href = `/download/${material.key}`;
  if (!externalUrl && file?.lite) {
    const copies = downloads.describeCopies({
      liteBytes: file.lite.byteSize,
      fullBytes: file.byteSize,
      pricePerMb,
    });
    return {
      href: `${href}/lite`,
      size: copies.lite,
      cost: null,
      sample: null,
      full: { href, text: copies.full },
    };
  }
  const byteSize = externalUrl ? material.externalByteSize : (file?.byteSize ?? null);
  const contentType = file?.contentType ?? "application/pdf";
  const described =
    byteSize === null ? null : downloads.describeDownload({ contentType, byteSize, pricePerMb });
  return {
    href,
    size: described?.size ?? null,
    cost: described?.cost ?? null,
    // A material with an external address is served from there, whatever sample it once had.
    sample: !externalUrl && file?.isSample ? sampleNote([material.kind]) : null,
    full: null,
  };
}

type LinksWanted = { db: Database; ids: readonly number[]; pricePerMb?: number };

export async function findDownloadLinks({ db, ids, pricePerMb }: LinksWanted) {
  if (ids.length === 0) return new Map<number, DownloadLink>();
  const rows = await db
    .select({ id: materials.id, ...downloadColumns })
    .from(materials)
    .where(inArray(materials.id, [...ids]));
  const found = await withFiles(db, rows);
  return new Map(found.map(({ row, file }) => [row.id, downloadLink(row, file, pricePerMb)]));
}

type MaterialAt = { db: Database; key: string };

export async function findDownload({ db, key }: MaterialAt) {
  const rows = await db
    .select({
      materialId: materials.id,
      externalUrl: materials.externalUrl,
      fileId: materials.fileId,
    })
    .from(materials)
    .where(eq(materials.key, key))
    .limit(1);
  const [{ row, file } = {}] = await withFiles(db, rows);
  return row && { materialId: row.materialId, externalUrl: row.externalUrl, file: file ?? null };
}

export async function listMaterialsForAdmin({ db, key }: { db: Database; key?: string }) {
  const rows = await db
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
      image: materials.image,
      fileId: materials.fileId,
    })
    .from(materials)
    .where(key === undefined ? undefined : eq(materials.key, key))
    .orderBy(asc(materials.page), asc(materials.position), asc(materials.id));
  return (await withFiles(db, rows)).map(({ row: { fileId: _id, ...row }, file }) => ({
    ...row,
    fileName: file?.fileName ?? null,
    byteSize: file?.byteSize ?? null,
    contentType: file?.contentType ?? null,
    isSample: file?.isSample ?? null,
    sha256: file?.sha256 ?? null,
    liteByteSize: file?.lite?.byteSize ?? null,
  }));
}

export type AdminMaterial = Awaited<ReturnType<typeof listMaterialsForAdmin>>[number];

export async function findMaterialForAdmin({ db, key }: MaterialAt) {
  const [material] = await listMaterialsForAdmin({ db, key });
  return material;
}

export async function findSubject({ db, slug }: { db: Database; slug: string }) {
  const [row] = await db
    .select()
    .from(subjects)
    .where(sql`lower(${subjects.slug}) = lower(${slug})`)
    .limit(1);
  return row;
}

export async function listSubjects({ db, kind }: { db: Database; kind: SubjectKind }) {
  return db
    .select({ slug: subjects.slug, name: subjects.name })
    .from(subjects)
    .where(eq(subjects.kind, kind))
    .orderBy(asc(subjects.position));
}

export async function subjectNamesBySlug({ db }: { db: Database }) {
  const rows = await db
    .select({ kind: subjects.kind, slug: subjects.slug, name: subjects.name })
    .from(subjects);
  return new Map(rows.map((subject) => [subject.slug, subjectSavedName(subject)]));
}

export async function downloadNameFor({ db, key, extension }: MaterialAt & { extension: string }) {
  const [material] = await db
    .select({
      title: materials.title,
      year: materials.year,
      fileId: materials.fileId,
      subject: subjects.name,
    })
    .from(materials)
    .leftJoin(subjects, eq(materials.subjectSlug, subjects.slug))
    .where(eq(materials.key, key))
    .limit(1);
  if (!material) return undefined;
  const file =
    material.fileId === null
      ? undefined
      : await downloads.findStoredFile({ db, id: material.fileId });
  return downloadName({ ...material, current: file?.fileName ?? null, extension });
}

/** Every entry as the importer reads names against it (app/features/catalogue/import-names.ts). */
export async function listNamedEntries({ db }: { db: Database }): Promise<NamedEntry[]> {
  const [rows, subjectRows] = await Promise.all([
    db
      .select({
        key: materials.key,
        title: materials.title,
        subjectSlug: materials.subjectSlug,
        topicKey: materials.topicKey,
        year: materials.year,
        grade: materials.grade,
      })
      .from(materials),
    db.select({ slug: subjects.slug, name: subjects.name }).from(subjects),
  ]);
  return toNamedEntries(rows, subjectRows);
}
