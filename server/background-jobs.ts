import type { DatabaseHandle } from "#database/client.server";
import {
  askForMissingLiteCopies,
  LITE_COPY_JOB,
  makeLiteCopy,
} from "#app/features/downloads/public.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import {
  JOB_TIMINGS,
  releaseAbandonedJobs,
  startJobRunner,
  type JobRunner,
  type JobTimings,
} from "#app/lib/job-queue.server";
import type { Logger } from "#app/lib/logger";

/**
 * This server's share of the background work (docs/decisions/0065-background-jobs-in-the-database.md):
 * one runner per server process, taking whatever job is due.
 */
export async function startBackgroundJobs({
  database,
  storage,
  logger,
  onlyProcess,
  timings = JOB_TIMINGS,
}: {
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
  /** This process alone opens the database (the embedded one): what it left running is its own. */
  onlyProcess: boolean;
  timings?: JobTimings;
}): Promise<JobRunner> {
  const { db } = database;
  try {
    if (onlyProcess) await releaseAbandonedJobs(db);
    await askForMissingLiteCopies(db);
  } catch (error) {
    // The runner starts all the same: what is asked for later is done.
    logger.warn({ err: error }, "background jobs were not looked over at start");
  }
  return startJobRunner({
    db,
    logger,
    timings,
    handlers: { [LITE_COPY_JOB]: (job) => makeLiteCopy({ db, storage, job }) },
  });
}
