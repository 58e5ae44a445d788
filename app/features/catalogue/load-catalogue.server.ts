import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials, subjects } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import { contentChanged } from "#app/lib/response-cache.server";
import { sameValue } from "#app/lib/same-value";
import type { FileStorage } from "#app/lib/file-storage.server";
import { findStoredFiles, samplePdf, storeFile } from "#app/features/downloads/public.server";
import {
  catalogueRows,
  type MaterialRow,
  type SampleFile,
  type SubjectRow,
} from "./catalogue-rows";
import { readCatalogueContent, type CatalogueContent } from "./catalogue-files.server";

export type CatalogueLoadReport = {
  inserted: number;
  updated: number;
  removed: number;
  samplesWritten: number;
};

/**
 * Brings the database in line with the content files, idempotently: a second start
 * changes nothing; an edited file updates its rows; rows created or edited through the
 * site (origin "site") are never touched. Then gives every material without a file a
 * generated sample, so every link works on a fresh install.
 */
const CONTENT_MEDIA_DIR = path.resolve("content/media");

export async function loadCatalogue({
  db,
  storage,
  content,
  mediaDir = CONTENT_MEDIA_DIR,
  logger,
  deferSamples = false,
}: {
  db: Database;
  storage: FileStorage;
  content: CatalogueContent;
  mediaDir?: string;
  logger?: Logger;
  /**
   * Leaves the samples to `makeDeferredSamples` (after the server listens) and to the first
   * download that asks for one (`makeDeferredSample`): a fresh start writes hundreds of
   * them (docs/decisions/0054-kept-answers-before-express.md, "Start").
   */
  deferSamples?: boolean;
}): Promise<CatalogueLoadReport> {
  const rows = catalogueRows(content);
  const report: CatalogueLoadReport = { inserted: 0, updated: 0, removed: 0, samplesWritten: 0 };

  await db.transaction(async (tx) => {
    const existingSubjects = new Map(
      (await tx.select().from(subjects)).map((row) => [row.slug, row]),
    );
    for (const row of rows.subjects) {
      const existing = existingSubjects.get(row.slug);
      if (!existing) {
        await tx.insert(subjects).values({ ...row, origin: "content" });
        report.inserted++;
      } else if (existing.origin === "content" && differs(row, existing)) {
        await tx.update(subjects).set(row).where(eq(subjects.slug, row.slug));
        report.updated++;
      }
    }

    const existingMaterials = new Map(
      (await tx.select().from(materials)).map((row) => [row.key, row]),
    );
    const toInsert: (MaterialRow & { origin: "content" })[] = [];
    for (const { sample: _sample, ...row } of rows.materials) {
      const existing = existingMaterials.get(row.key);
      if (!existing) {
        toInsert.push({ ...row, origin: "content" });
      } else if (existing.origin === "content" && differs(row, existing)) {
        await tx
          .update(materials)
          .set({ ...row, updatedAt: new Date() })
          .where(eq(materials.key, row.key));
        report.updated++;
      }
    }
    for (let start = 0; start < toInsert.length; start += 200) {
      await tx.insert(materials).values(toInsert.slice(start, start + 200));
    }
    report.inserted += toInsert.length;

    const contentKeys = new Set(rows.materials.map((row) => row.key));
    const staleMaterials = [...existingMaterials.values()].filter(
      (row) => row.origin === "content" && !contentKeys.has(row.key),
    );
    if (staleMaterials.length) {
      await tx.delete(materials).where(
        inArray(
          materials.key,
          staleMaterials.map((row) => row.key),
        ),
      );
    }
    const contentSlugs = new Set(rows.subjects.map((row) => row.slug));
    const staleSubjects = [...existingSubjects.values()].filter(
      (row) => row.origin === "content" && !contentSlugs.has(row.slug),
    );
    if (staleSubjects.length) {
      await tx.delete(subjects).where(
        inArray(
          subjects.slug,
          staleSubjects.map((row) => row.slug),
        ),
      );
    }
    report.removed = staleMaterials.length + staleSubjects.length;
  });

  if (deferSamples) {
    // Only those still to make: a restart on existing data leaves nothing for later.
    deferred.clear();
    for (const material of await samplesStillToMake(db, rows.materials))
      deferred.set(material.key, { material, mediaDir });
    stillToMakeKnown = Promise.resolve();
  } else {
    report.samplesWritten = await writeMissingSamples({
      db,
      storage,
      samples: rows.materials,
      mediaDir,
    });
  }
  if (report.inserted || report.updated || report.removed || report.samplesWritten)
    contentChanged();
  logger?.info(report, "catalogue loaded");
  return report;
}

type DeferredSample = { material: MaterialRow & { sample: SampleFile }; mediaDir: string };

/** Samples left by `loadCatalogue({ deferSamples: true })`, by material key, until made. */
const deferred = new Map<string, DeferredSample>();
/** Samples being made now, so a download and the background pass never make one twice. */
const making = new Map<string, Promise<number>>();
/** Set once `deferred` holds what this process must make. */
let stillToMakeKnown: Promise<void> | undefined;

/**
 * A process that did not load the catalogue itself (a restart that found the database
 * prepared from the same files, or one server process of several) learns from the content
 * files which samples are still to make, once, before its first sample.
 */
function learnSamplesStillToMake(db: Database): Promise<void> {
  stillToMakeKnown ??= (async () => {
    const rows = catalogueRows(await readCatalogueContent());
    for (const material of await samplesStillToMake(db, rows.materials))
      if (!deferred.has(material.key))
        deferred.set(material.key, { material, mediaDir: CONTENT_MEDIA_DIR });
  })().catch((error: unknown) => {
    stillToMakeKnown = undefined;
    throw error;
  });
  return stillToMakeKnown;
}

async function makeOne(db: Database, storage: FileStorage, key: string): Promise<number> {
  await learnSamplesStillToMake(db);
  const wanted = deferred.get(key);
  if (!wanted) return Promise.resolve(0);
  let made = making.get(key);
  if (!made) {
    made = writeMissingSamples({
      db,
      storage,
      samples: [wanted.material],
      mediaDir: wanted.mediaDir,
    }).finally(() => {
      making.delete(key);
      deferred.delete(key);
    });
    making.set(key, made);
  }
  return made;
}

/**
 * Makes the sample behind `key` now, when the catalogue load left it for later: a download
 * that arrives before the background pass reaches it still gets its file. True when one
 * was made.
 */
export async function makeDeferredSample({
  db,
  storage,
  key,
}: {
  db: Database;
  storage: FileStorage;
  key: string;
}): Promise<boolean> {
  const written = await makeOne(db, storage, key);
  if (written) contentChanged();
  return written > 0;
}

/**
 * Makes every sample the catalogue load left for later, one at a time; how many it made.
 * Ends after the sample being made when `signal` aborts (the server is stopping): the rest
 * stay for the next start, or for their first download.
 */
export async function makeDeferredSamples({
  db,
  storage,
  logger,
  signal,
}: {
  db: Database;
  storage: FileStorage;
  logger?: Logger;
  signal?: AbortSignal;
}): Promise<number> {
  let written = 0;
  await learnSamplesStillToMake(db);
  for (const key of [...deferred.keys()]) {
    if (signal?.aborted) break;
    written += await makeOne(db, storage, key);
  }
  if (written) contentChanged();
  logger?.info({ samplesWritten: written }, "catalogue samples made");
  return written;
}

/**
 * The materials that still need a sample: neither a file nor an external address, or a
 * sample made for an older title. A real file, once in place, is never replaced.
 */
async function samplesStillToMake<Material extends MaterialRow & { sample: SampleFile }>(
  db: Database,
  samples: readonly Material[],
): Promise<Material[]> {
  if (samples.length === 0) return [];
  const current = await db
    .select({
      key: materials.key,
      origin: materials.origin,
      externalUrl: materials.externalUrl,
      fileId: materials.fileId,
    })
    .from(materials)
    .where(
      inArray(
        materials.key,
        samples.map((sample) => sample.key),
      ),
    );
  const files = await findStoredFiles({
    db,
    ids: current.flatMap((row) => (row.fileId === null ? [] : [row.fileId])),
  });
  const byKey = new Map(current.map((row) => [row.key, row]));
  return samples.filter(({ key, sample }) => {
    const row = byKey.get(key);
    if (!row || row.origin !== "content" || row.externalUrl) return false;
    const file = row.fileId === null ? undefined : files.get(row.fileId);
    return row.fileId === null || (file?.isSample === true && file.fileName !== sample.fileName);
  });
}

/** Writes the samples `samplesStillToMake` names; how many it wrote. */
async function writeMissingSamples({
  db,
  storage,
  samples,
  mediaDir,
}: {
  db: Database;
  storage: FileStorage;
  samples: readonly (MaterialRow & { sample: SampleFile })[];
  mediaDir: string;
}): Promise<number> {
  let written = 0;
  for (const { key, sample } of await samplesStillToMake(db, samples)) {
    const bytes =
      sample.kind === "pdf"
        ? samplePdf({ title: sample.fileName.replace(/\.pdf$/, ""), lines: sample.lines })
        : await readFile(path.join(mediaDir, sample.source));
    await db.transaction(async (tx) => {
      const fileId = await storeFile({
        db: tx,
        storage,
        bytes,
        file: {
          contentType: sample.kind === "pdf" ? "application/pdf" : sample.contentType,
          fileName: sample.fileName,
          isSample: true,
        },
      });
      await tx.update(materials).set({ fileId }).where(eq(materials.key, key));
    });
    written++;
  }
  return written;
}

function differs(
  wanted: SubjectRow | Omit<MaterialRow, "sample">,
  existing: Record<string, unknown>,
): boolean {
  return Object.entries(wanted).some(([field, value]) => !sameValue(value, existing[field]));
}
