import * as downloads from "#app/features/downloads/public.server";
import {
  JOB_TIMINGS,
  releaseAbandonedJobs,
  startJobRunner,
  type JobRunner,
  type JobTimings,
} from "#app/lib/job-queue.server";
import type { ServerParts } from "./prepare-database";

type JobsStart = ServerParts & {
  /** The embedded database: what was left running is this server's own. */
  onlyProcess: boolean;
  timings?: JobTimings;
};

/** One runner per server, taking whatever job is due (docs/decisions/0065-background-jobs-in-the-database.md). */
export async function startBackgroundJobs(start: JobsStart): Promise<JobRunner> {
  const { database, storage, logger, onlyProcess, timings = JOB_TIMINGS } = start;
  const { db } = database;
  try {
    if (onlyProcess) await releaseAbandonedJobs(db);
    await downloads.askForMissingLiteCopies(db);
  } catch (error) {
    logger.warn({ err: error }, "background jobs were not looked over at start");
  }
  return startJobRunner({
    db,
    logger,
    timings,
    handlers: { [downloads.LITE_COPY_JOB]: (job) => downloads.makeLiteCopy({ db, storage, job }) },
  });
}
