import { buffer } from "node:stream/consumers";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { liteCopies } from "#database/schema";
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

/**
 * Lite copies of the site's real PDFs (docs/decisions/0064-lite-pdf-copies.md), made in the
 * background by a job (docs/decisions/0065-background-jobs-in-the-database.md) so an upload
 * never waits for one, and kept by content: a file stored twice is lightened once.
 */

/** The job kind that makes lite copies. */
export const LITE_COPY_JOB = "lite-pdf";

/** A smaller PDF costs a student little already: 1 MB is K0.03 at the site's price of data. */
const LITE_FROM_BYTES = 1_000_000;

/** Whether a file is worth a lite copy: a PDF over 1 MB. */
export function wantsLiteCopy(file: { contentType: string; byteSize: number }): boolean {
  return file.contentType === "application/pdf" && file.byteSize > LITE_FROM_BYTES;
}

/**
 * Asks for the lite copy of a file that was just stored, inside the transaction that records
 * it: the job exists exactly when the file does. Nothing for a file not worth one.
 */
export async function askForLiteCopy({
  db,
  file,
  label,
}: {
  db: Database;
  file: { sha256: string; contentType: string; byteSize: number };
  label: string;
}): Promise<void> {
  if (!wantsLiteCopy(file)) return;
  await enqueueJob({ db, kind: LITE_COPY_JOB, subject: file.sha256, label });
}

/**
 * Asks for the lite copies no one asked for yet: files stored before the site made lite
 * copies, or whose job was lost with a database restored from an older backup. One statement,
 * run when a server starts its jobs.
 */
export async function askForMissingLiteCopies(db: Database): Promise<void> {
  await db.execute(sql`
    insert into jobs (kind, subject, label)
    select distinct on (f.sha256) ${LITE_COPY_JOB}, f.sha256, f.file_name
    from stored_files f
    where f.content_type = 'application/pdf' and not f.is_sample and f.byte_size > ${LITE_FROM_BYTES}
      and not exists (select 1 from lite_copies l where l.full_sha256 = f.sha256)
    order by f.sha256, f.id desc
    on conflict (kind, subject) do nothing`);
}

/**
 * The job: reads the full file, makes its lite copy and keeps it when it is worth keeping;
 * otherwise records why there is none. A PDF that cannot be lightened is an outcome, not a
 * failure; a store or database that cannot be reached throws, and the job is tried again.
 */
export async function makeLiteCopy({
  db,
  storage,
  job,
}: {
  db: Database;
  storage: FileStorage;
  job: Pick<Job, "subject">;
}): Promise<void> {
  const fullSha256 = job.subject;
  const [known] = await db
    .select({ sha256: liteCopies.fullSha256 })
    .from(liteCopies)
    .where(eq(liteCopies.fullSha256, fullSha256));
  if (known) return;
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
  // The download links that offer both copies are on kept pages.
  if (written.length > 0 && lite.made) contentChanged();
}

async function storeLite(storage: FileStorage, bytes: Uint8Array) {
  const { sha256, byteSize } = await storage.save(Buffer.from(bytes));
  return { liteSha256: sha256, liteByteSize: byteSize };
}

/**
 * Makes a stored file's lite copy at once and says how it went, for the import's report (the
 * import has the time; the job asked for with the file then finds it made). Empty for a file
 * not worth one.
 */
export async function makeLiteCopyNow({
  db,
  storage,
  file,
}: {
  db: Database;
  storage: FileStorage;
  file: { sha256: string; contentType: string; byteSize: number };
}): Promise<string> {
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

/** A file's lite copy's size, or why it has none, by the full file's sha256 (the import's report). */
export async function liteCopyOutcome({
  db,
  sha256,
}: {
  db: Database;
  sha256: string;
}): Promise<{ liteByteSize: number | null; reason: string | null } | undefined> {
  const [row] = await db
    .select({ liteByteSize: liteCopies.liteByteSize, reason: liteCopies.reason })
    .from(liteCopies)
    .where(eq(liteCopies.fullSha256, sha256));
  return row;
}

/** The name a lite copy is saved under: "Pathology 2019 (lite).pdf". */
export function liteFileName(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? `${fileName.slice(0, dot)} (lite)${fileName.slice(dot)}` : `${fileName} (lite)`;
}

/** For /admin/catalogue: how many lite copies are still to make, and which failed and why. */
export async function liteCopyProgress({ db }: { db: Database }) {
  const [unfinished, failed] = await Promise.all([
    countUnfinishedJobs({ db, kind: LITE_COPY_JOB }),
    listFailedJobs({ db, kind: LITE_COPY_JOB }),
  ]);
  return { unfinished, failed };
}
