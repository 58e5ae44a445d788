import { deleteExpiredSignIns } from "#app/features/accounts/public.server";
import * as downloads from "#app/features/downloads/public.server";
import {
  JOB_TIMINGS,
  releaseAbandonedJobs,
  startJobRunner,
  type JobRunner,
  type JobTimings,
} from "#app/lib/job-queue.server";
import type { ServerParts } from "./prepare-database";

const SWEEP_EVERY_MS = 60 * 60 * 1000;

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
  const runner = startJobRunner({
    db,
    logger,
    timings,
    handlers: { [downloads.LITE_COPY_JOB]: (job) => downloads.makeLiteCopy({ db, storage, job }) },
  });
  // Ended sign-ins, at start and every hour; each server may do it, as deleting twice is once.
  let sweeping = Promise.resolve();
  const sweep = () => {
    sweeping = deleteExpiredSignIns({ db, now: new Date() }).then(
      (deleted) =>
        logger.info({ event: "expired-sign-ins-deleted", ...deleted }, "ended sign-ins deleted"),
      (error: unknown) => logger.warn({ err: error }, "ended sign-ins were not deleted"),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS).unref();
  return {
    wake: () => runner.wake(),
    stop: async () => {
      clearInterval(timer);
      await Promise.all([runner.stop(), sweeping]);
    },
  };
}
