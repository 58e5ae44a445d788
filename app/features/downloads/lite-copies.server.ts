import { buffer } from "node:stream/consumers";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { liteCopies, storedFiles } from "#database/schema";
import { contentChanged } from "#app/lib/response-cache.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import {
  countUnfinishedJobs,
  enqueueJob,
  listFailedJobs,
  type Job,
} from "#app/lib/job-queue.server";
import { formatBytes } from "./describe-download";
import { makeLitePdf } from "./lite-pdf.server";

// Made by a background job so an upload never waits for one
// (docs/decisions/0064-lite-pdf-copies.md).
export const LITE_COPY_JOB = "lite-pdf";

/** A smaller PDF costs a student little already: 1 MB is K0.03 at the site's price of data. */
const LITE_FROM_BYTES = 1_000_000;

export function wantsLiteCopy(file: { contentType: string; byteSize: number }): boolean {
  return file.contentType === "application/pdf" && file.byteSize > LITE_FROM_BYTES;
}

type StoredPdf = { sha256: string; contentType: string; byteSize: number };
type Stores = { db: Database; storage: FileStorage };

export async function askForLiteCopy({
  db,
  file,
  label,
}: {
  db: Database;
  file: StoredPdf;
  label: string;
}): Promise<void> {
  if (!wantsLiteCopy(file)) return;
  await enqueueJob({ db, kind: LITE_COPY_JOB, subject: file.sha256, label });
}

// For files stored before lite copies, or whose job was lost with an older backup; a
// failed job stays failed, for the admin to see.
export async function askForMissingLiteCopies(db: Database): Promise<void> {
  const missing = await db
    .selectDistinctOn([storedFiles.sha256], {
      sha256: storedFiles.sha256,
      label: storedFiles.fileName,
    })
    .from(storedFiles)
    .leftJoin(liteCopies, eq(liteCopies.fullSha256, storedFiles.sha256))
    .where(
      and(
        eq(storedFiles.contentType, "application/pdf"),
        eq(storedFiles.isSample, false),
        gt(storedFiles.byteSize, LITE_FROM_BYTES),
        isNull(liteCopies.fullSha256),
      ),
    )
    .orderBy(storedFiles.sha256, desc(storedFiles.id));
  for (const { sha256, label } of missing)
    await enqueueJob({ db, kind: LITE_COPY_JOB, subject: sha256, label, retryFailed: false });
}

// A PDF that cannot be lightened is an outcome, recorded; an unreachable store throws, and
// the job is tried again.
export async function makeLiteCopy({ db, storage, job }: Stores & { job: Pick<Job, "subject"> }) {
  const fullSha256 = job.subject;
  if (await liteCopyOutcome({ db, sha256: fullSha256 })) return;
  const full = await buffer(await storage.open(fullSha256));
  const lite = await makeLitePdf(full);
  const row = lite.made
    ? { fullSha256, ...(await storeLite(storage, lite.bytes)) }
    : { fullSha256, reason: lite.reason };
  const written = await db
    .insert(liteCopies)
    .values(row)
    .onConflictDoNothing()
    .returning({ sha256: liteCopies.fullSha256 });
  // The download links that offer both copies are on cached pages.
  if (written.length > 0 && lite.made) contentChanged();
}

async function storeLite(storage: FileStorage, bytes: Uint8Array) {
  const { sha256, byteSize } = await storage.save(Buffer.from(bytes));
  return { liteSha256: sha256, liteByteSize: byteSize };
}

/** For the import's report, which has the time: the job then finds the copy made. */
export async function makeLiteCopyNow({ db, storage, file }: Stores & { file: StoredPdf }) {
  if (!wantsLiteCopy(file)) return "";
  try {
    await makeLiteCopy({ db, storage, job: { subject: file.sha256 } });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `; the lite copy is left to the site (${why})`;
  }
  const outcome = await liteCopyOutcome({ db, sha256: file.sha256 });
  if (outcome?.liteByteSize) {
    const smaller = (file.byteSize / outcome.liteByteSize).toFixed(1);
    return `; lite copy ${formatBytes(outcome.liteByteSize)}, ${smaller}× smaller`;
  }
  return `; no lite copy: ${outcome?.reason ?? "none was made"}`;
}

export async function liteCopyOutcome({ db, sha256 }: { db: Database; sha256: string }) {
  const [row] = await db
    .select({ liteByteSize: liteCopies.liteByteSize, reason: liteCopies.reason })
    .from(liteCopies)
    .where(eq(liteCopies.fullSha256, sha256));
  return row;
}

export function liteFileName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? `${fileName.slice(0, dot)} (lite)${fileName.slice(dot)}` : `${fileName} (lite)`;
}

export async function liteCopyProgress({ db }: { db: Database }) {
  const [unfinished, failed] = await Promise.all([
    countUnfinishedJobs({ db, kind: LITE_COPY_JOB }),
    listFailedJobs({ db, kind: LITE_COPY_JOB }),
  ]);
  return { unfinished, failed };
}
