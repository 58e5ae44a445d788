import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials, subjects, type SUBJECT_KINDS } from "#database/schema";
import {
  describeCopies,
  describeDownload,
  findStoredFile,
  findStoredFiles,
  type StoredFile,
} from "#app/features/downloads/public.server";
import { downloadName } from "./download-name";
import { sampleNote } from "./sample-note";
import { subjectSavedName } from "./subject-names";

/**
 * A download as a page shows it: where it goes, what it costs before the tap, and, while its
 * file is a generated sample, a note that says so.
 */
export type DownloadLink = {
  /** What the download button fetches: the lite copy, when the file has one. */
  href: string;
  size: string | null;
  cost: string | null;
  sample: string | null;
  /**
   * When `href` is a lite copy: the full file, offered beside it ("Full, 11.8 MB · K2.20")
   * (app/features/downloads/lite-copies.server.ts).
   */
  full: { href: string; text: string } | null;
};

export type MaterialView = {
  key: string;
  kind: (typeof materials.$inferSelect)["kind"];
  title: string;
  description: string | null;
  grade: string | null;
  year: number | null;
  label: string | null;
  image: string | null;
  imageAlt: string | null;
  crossedOutPrice: string | null;
  priceNgwee: number | null;
  isFree: boolean;
  brainBooster: string | null;
  topics: string[] | null;
  topicKey: string | null;
  youtubeId: string | null;
  contentType: string | null;
  download: DownloadLink;
};

const materialColumns = {
  key: materials.key,
  kind: materials.kind,
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
  externalByteSize: materials.externalByteSize,
  externalUrl: materials.externalUrl,
  fileId: materials.fileId,
};

/** Everything one page lists, in its order, with each download's size and data cost. */
export async function listPageMaterials({
  db,
  page,
  pricePerMb,
}: {
  db: Database;
  page: string;
  pricePerMb?: number;
}): Promise<MaterialView[]> {
  const rows = await db
    .select(materialColumns)
    .from(materials)
    .where(eq(materials.page, page))
    .orderBy(asc(materials.position), asc(materials.id));
  const files = await findStoredFiles({ db, ids: fileIdsOf(rows) });
  return rows.map(({ externalByteSize, externalUrl, fileId, ...row }) => {
    const file = fileId === null ? undefined : files.get(fileId);
    return {
      ...row,
      contentType: file?.contentType ?? null,
      download: downloadLinkOf({ ...row, externalUrl, externalByteSize }, file, pricePerMb),
    };
  });
}

function downloadLinkOf(
  material: {
    key: string;
    kind: MaterialView["kind"];
    externalUrl: string | null;
    externalByteSize: number | null;
  },
  file: StoredFile | undefined,
  pricePerMb: number | undefined,
): DownloadLink {
  const { externalUrl } = material;
  const href = `/download/${material.key}`;
  if (!externalUrl && file?.lite) {
    const copies = describeCopies({
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
  const bytes = externalUrl ? material.externalByteSize : (file?.byteSize ?? null);
  const described =
    bytes === null
      ? null
      : describeDownload({
          contentType: file?.contentType ?? "application/pdf",
          byteSize: bytes,
          pricePerMb,
        });
  return {
    href,
    size: described?.size ?? null,
    cost: described?.cost ?? null,
    // A material kept elsewhere is served from there, whatever sample it once had.
    sample: !externalUrl && file?.isSample ? sampleNote([material.kind]) : null,
    full: null,
  };
}

/** The download links of the materials with `ids`, by id, as their pages show them. */
export async function findDownloadLinks({
  db,
  ids,
  pricePerMb,
}: {
  db: Database;
  ids: readonly number[];
  pricePerMb?: number;
}): Promise<Map<number, DownloadLink>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: materials.id,
      key: materials.key,
      kind: materials.kind,
      externalUrl: materials.externalUrl,
      externalByteSize: materials.externalByteSize,
      fileId: materials.fileId,
    })
    .from(materials)
    .where(inArray(materials.id, [...ids]));
  const files = await findStoredFiles({ db, ids: fileIdsOf(rows) });
  return new Map(
    rows.map((row) => [
      row.id,
      downloadLinkOf(row, row.fileId === null ? undefined : files.get(row.fileId), pricePerMb),
    ]),
  );
}

function fileIdsOf(rows: readonly { fileId: number | null }[]): number[] {
  return rows.flatMap((row) => (row.fileId === null ? [] : [row.fileId]));
}

/** What /download/{key} serves: the material's stored file, or the external address it points at. */
export type Download = { materialId: number; externalUrl: string | null; file: StoredFile | null };

export async function findDownload({
  db,
  key,
}: {
  db: Database;
  key: string;
}): Promise<Download | undefined> {
  const [material] = await db
    .select({
      materialId: materials.id,
      externalUrl: materials.externalUrl,
      fileId: materials.fileId,
    })
    .from(materials)
    .where(eq(materials.key, key))
    .limit(1);
  if (!material) return undefined;
  const file =
    material.fileId === null ? undefined : await findStoredFile({ db, id: material.fileId });
  return { materialId: material.materialId, externalUrl: material.externalUrl, file: file ?? null };
}

/** Every material (or the one with `key`), with its file's name, size and sample flag, by page. */
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
  const files = await findStoredFiles({ db, ids: fileIdsOf(rows) });
  return rows.map(({ fileId, ...row }) => {
    const file = fileId === null ? undefined : files.get(fileId);
    return {
      ...row,
      fileName: file?.fileName ?? null,
      byteSize: file?.byteSize ?? null,
      isSample: file?.isSample ?? null,
      sha256: file?.sha256 ?? null,
      liteByteSize: file?.lite?.byteSize ?? null,
    };
  });
}

export type AdminMaterial = Awaited<ReturnType<typeof listMaterialsForAdmin>>[number];

export async function findMaterialForAdmin({ db, key }: { db: Database; key: string }) {
  const [material] = await listMaterialsForAdmin({ db, key });
  return material;
}

export type SubjectView = typeof subjects.$inferSelect;

/** A subject or course page by its address, matched without regard to case. */
export async function findSubject({
  db,
  slug,
}: {
  db: Database;
  slug: string;
}): Promise<SubjectView | undefined> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(sql`lower(${subjects.slug}) = lower(${slug})`)
    .limit(1);
  return row;
}

export async function listSubjects({
  db,
  kind,
}: {
  db: Database;
  kind: (typeof SUBJECT_KINDS)[number];
}): Promise<Pick<SubjectView, "slug" | "name">[]> {
  return db
    .select({ slug: subjects.slug, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.kind, kind)))
    .orderBy(asc(subjects.position));
}

/** Every subject and course page's name as /saved names it, by its slug ("BI110 Biology"). */
export async function subjectNamesBySlug({ db }: { db: Database }) {
  const rows = await db
    .select({ kind: subjects.kind, slug: subjects.slug, name: subjects.name })
    .from(subjects);
  return new Map(rows.map((subject) => [subject.slug, subjectSavedName(subject)]));
}

/**
 * The name a new file of material `key` will download as, with `extension` (".pdf");
 * undefined when there is no such material.
 */
export async function downloadNameFor({
  db,
  key,
  extension,
}: {
  db: Database;
  key: string;
  extension: string;
}): Promise<string | undefined> {
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
    material.fileId === null ? undefined : await findStoredFile({ db, id: material.fileId });
  return downloadName({ ...material, current: file?.fileName ?? null, extension });
}
