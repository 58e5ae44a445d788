import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials, storedFiles, subjects, type SUBJECT_KINDS } from "#database/schema";
import { describeDownload } from "#app/features/downloads/describe-download";

/** A download as a page shows it: where it goes and what it costs before the tap. */
export type DownloadLink = { href: string; size: string | null; cost: string | null };

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
  byteSize: storedFiles.byteSize,
  contentType: storedFiles.contentType,
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
    .leftJoin(storedFiles, eq(storedFiles.id, materials.fileId))
    .where(eq(materials.page, page))
    .orderBy(asc(materials.position), asc(materials.id));
  return rows.map(({ externalByteSize, externalUrl, byteSize, ...row }) => {
    const bytes = externalUrl ? externalByteSize : byteSize;
    const described =
      bytes === null
        ? null
        : describeDownload({
            contentType: row.contentType ?? "application/pdf",
            byteSize: bytes,
            pricePerMb,
          });
    return {
      ...row,
      download: {
        href: `/download/${row.key}`,
        size: described?.size ?? null,
        cost: described?.cost ?? null,
      },
    };
  });
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
