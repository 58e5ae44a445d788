import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { materials, subjects } from "#database/schema";
import type { Logger } from "#app/lib/logger";
import { contentChanged } from "#app/lib/response-cache.server";
import { jsonEqual } from "#app/lib/json-equal";
import type { FileStorage } from "#app/lib/file-storage.server";
import { samplePdf, storeFile } from "#app/features/downloads/public.server";
import { catalogueRows, type CatalogueRows } from "./catalogue-rows";
import { readCatalogueContent, type CatalogueContent } from "./catalogue-files.server";
import { withFiles } from "./queries.server";

type Sample = CatalogueRows["materials"][number];
type Stores = { db: Database; storage: FileStorage };

const CONTENT_MEDIA_DIR = path.resolve("content/media");

type CatalogueLoad = Stores & {
  content: CatalogueContent;
  mediaDir?: string;
  logger?: Logger;
  /** A fresh start writes hundreds of samples: leave them to `makeDeferredSamples`. */
  deferSamples?: boolean;
};

/** Idempotent; rows edited through the site (origin "site") are never touched. */
export async function loadCatalogue(load: CatalogueLoad) {
  const { db, storage, content, mediaDir = CONTENT_MEDIA_DIR, logger, deferSamples = false } = load;
  const rows = catalogueRows(content);
  const report = { inserted: 0, updated: 0, removed: 0, samplesWritten: 0 };

  await db.transaction(async (tx) => {
    const subjectChanges = contentChanges(rows.subjects, await tx.select().from(subjects), "slug");
    for (const row of subjectChanges.added)
      await tx.insert(subjects).values({ ...row, origin: "content" });
    for (const row of subjectChanges.changed)
      await tx.update(subjects).set(row).where(eq(subjects.slug, row.slug));

    const wantedMaterials = rows.materials.map(({ sample: _sample, ...row }) => row);
    const current = await tx.select().from(materials);
    const materialChanges = contentChanges(wantedMaterials, current, "key");
    for (const row of materialChanges.changed)
      await tx
        .update(materials)
        .set({ ...row, updatedAt: new Date() })
        .where(eq(materials.key, row.key));
    const toInsert = materialChanges.added.map((row) => ({ ...row, origin: "content" as const }));
    for (let start = 0; start < toInsert.length; start += 200)
      await tx.insert(materials).values(toInsert.slice(start, start + 200));

    if (materialChanges.stale.length)
      await tx.delete(materials).where(inArray(materials.key, materialChanges.stale));
    if (subjectChanges.stale.length)
      await tx.delete(subjects).where(inArray(subjects.slug, subjectChanges.stale));
    for (const { added, changed, stale } of [subjectChanges, materialChanges]) {
      report.inserted += added.length;
      report.updated += changed.length;
      report.removed += stale.length;
    }
  });

  if (deferSamples) {
    deferred.clear();
    for (const material of await samplesStillToMake(db, rows.materials))
      deferred.set(material.key, { material, mediaDir });
    stillToMakeKnown = Promise.resolve();
  } else {
    report.samplesWritten = await writeSamples(db, storage, rows.materials, mediaDir);
  }
  if (report.inserted || report.updated || report.removed || report.samplesWritten)
    contentChanged();
  logger?.info(report, "catalogue loaded");
  return report;
}

/** `made` is set while a sample is made, so a download and the background pass share it. */
const deferred = new Map<string, { material: Sample; mediaDir: string; made?: Promise<number> }>();
let stillToMakeKnown: Promise<void> | undefined;

// For a process that did not load the catalogue itself: a restart, or one of several servers.
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
  if (!wanted) return 0;
  wanted.made ??= writeSamples(db, storage, [wanted.material], wanted.mediaDir).finally(() =>
    deferred.delete(key),
  );
  return wanted.made;
}

/**
 * While it runs, the background pass clears the response cache once when it ends, for its
 * samples and the downloads' alike: a clear per download refilled every page, and in a fresh
 * server's first seconds that work kept students waiting.
 */
let passRunning = false;

/** For a download that arrives before the background pass made its sample. */
export async function makeDeferredSample({ db, storage, key }: Stores & { key: string }) {
  const written = await makeOne(db, storage, key);
  if (written && !passRunning) contentChanged();
  return written > 0;
}

export async function makeDeferredSamples(
  pass: Stores & { logger?: Logger; signal?: AbortSignal },
) {
  const { db, storage, logger, signal } = pass;
  let written = 0;
  await learnSamplesStillToMake(db);
  passRunning = deferred.size > 0;
  try {
    for (const key of [...deferred.keys()]) {
      if (signal?.aborted) break;
      written += await makeOne(db, storage, key);
    }
  } finally {
    if (passRunning) contentChanged();
    passRunning = false;
  }
  logger?.info({ samplesWritten: written }, "catalogue samples made");
  return written;
}

/** A real file, once in place, is never replaced; a sample made for an older title is. */
async function samplesStillToMake(db: Database, samples: readonly Sample[]) {
  if (samples.length === 0) return [];
  const keys = samples.map((sample) => sample.key);
  const current = await db
    .select({
      key: materials.key,
      origin: materials.origin,
      externalUrl: materials.externalUrl,
      fileId: materials.fileId,
    })
    .from(materials)
    .where(inArray(materials.key, keys));
  const byKey = new Map((await withFiles(db, current)).map((found) => [found.row.key, found]));
  return samples.filter(({ key, sample }) => {
    const { row, file } = byKey.get(key) ?? {};
    if (!row || row.origin !== "content" || row.externalUrl) return false;
    return row.fileId === null || (file?.isSample === true && file.fileName !== sample.fileName);
  });
}

async function writeSamples(
  db: Database,
  storage: FileStorage,
  samples: readonly Sample[],
  mediaDir: string,
): Promise<number> {
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
        file: { contentType: sample.contentType, fileName: sample.fileName, isSample: true },
      });
      await tx.update(materials).set({ fileId }).where(eq(materials.key, key));
    });
    written++;
  }
  return written;
}

/** What the content files add, change and no longer hold; rows edited on the site stay. */
function contentChanges<
  Key extends string,
  Row extends Record<Key, string>,
  Existing extends Record<Key, string> & { origin: string },
>(wanted: readonly Row[], current: readonly Existing[], key: Key) {
  const existing = new Map<string, Existing>(current.map((row) => [row[key], row]));
  const wantedKeys = new Set<string>(wanted.map((row) => row[key]));
  return {
    added: wanted.filter((row) => !existing.has(row[key])),
    changed: wanted.filter((row) => {
      const found = existing.get(row[key]);
      return found?.origin === "content" && differs(row, found);
    }),
    stale: current
      .filter((row) => row.origin === "content" && !wantedKeys.has(row[key]))
      .map((row) => row[key]),
  };
}

function differs(wanted: object, existing: Record<string, unknown>): boolean {
  return Object.entries(wanted).some(([field, value]) => !jsonEqual(value, existing[field]));
}
