import { and, desc, eq, sql } from "drizzle-orm";
import { selectRows, type Database } from "#database/client.server";
import { jobs } from "#database/schema";
import type { Logger } from "./logger";

/**
 * Work the site does in the background, kept in the database's `jobs` table
 * (docs/decisions/0065-background-jobs-in-the-database.md): a job asked for inside a change's
 * transaction exists exactly when the change does, survives a restart, and is taken by
 * whichever server is free (`for update skip locked`: two never take the same one). The same
 * table and queries serve the embedded database, with one runner in its one process.
 */

export type Job = { id: number; kind: string; subject: string; label: string; attempts: number };

/** Does one job's work; throws to have it tried again later. */
export type JobHandler = (job: Job) => Promise<void>;

export type JobTimings = {
  /** How often a runner with nothing to do looks again (a job asked for here wakes it sooner). */
  pollMs: number;
  /** How long a taken job is its runner's: past it, the runner's server is taken to have stopped. */
  leaseMs: number;
  /** The wait before each retry; a job fails for good after one try more than there are waits. */
  retryDelaysMs: readonly number[];
};

export const JOB_TIMINGS: JobTimings = {
  pollMs: 5_000,
  // A lite copy of a 40-page scan takes about 4 s; ten minutes is a stopped server, not a slow one.
  leaseMs: 600_000,
  retryDelaysMs: [60_000, 600_000],
};

/**
 * Asks for a job, inside the caller's transaction if it has one. One job per kind and
 * subject: asked again while it waits, runs or is done, it is left as it is; asked again
 * after it failed, it is tried afresh unless `retryFailed` is false.
 */
export async function enqueueJob({
  db,
  kind,
  subject,
  label,
  retryFailed = true,
}: {
  db: Database;
  kind: string;
  subject: string;
  label: string;
  retryFailed?: boolean;
}): Promise<void> {
  const insert = db.insert(jobs).values({ kind, subject, label });
  if (!retryFailed) return void (await insert.onConflictDoNothing());
  await insert.onConflictDoUpdate({
    target: [jobs.kind, jobs.subject],
    set: {
      label,
      status: "waiting",
      attempts: 0,
      runAfter: sql`now()`,
      lockedUntil: null,
      lastError: null,
      updatedAt: sql`now()`,
    },
    where: eq(jobs.status, "failed"),
  });
}

/** The jobs that failed for good, newest first, for the people running the site to see. */
export async function listFailedJobs({
  db,
  kind,
}: {
  db: Database;
  kind: string;
}): Promise<{ label: string; error: string; attempts: number; failedAt: Date }[]> {
  const rows = await db
    .select({
      label: jobs.label,
      error: jobs.lastError,
      attempts: jobs.attempts,
      failedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, "failed")))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(50);
  return rows.map((row) => ({ ...row, error: row.error ?? "no reason was recorded" }));
}

/** How many jobs of a kind are still to do (waiting, retrying or running). */
export async function countUnfinishedJobs({
  db,
  kind,
}: {
  db: Database;
  kind: string;
}): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.status} in ('waiting', 'running')`));
  return row?.count ?? 0;
}

/**
 * Takes the next job that is due: a waiting one whose time has come, or a running one whose
 * runner stopped (its lease ran out). Times are the database's, so servers whose clocks
 * differ agree.
 */
export async function takeJob({
  db,
  kinds,
  leaseMs,
}: {
  db: Database;
  kinds: readonly string[];
  leaseMs: number;
}): Promise<Job | undefined> {
  const [job] = await selectRows<Job>(
    db,
    sql`update jobs
      set status = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = now() + ${leaseMs} * interval '1 millisecond'
      where id = (
        select id from jobs
        where kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
          and ((status = 'waiting' and run_after <= now())
            or (status = 'running' and locked_until < now()))
        order by run_after, id
        limit 1
        for update skip locked)
      returning id, kind, subject, label, attempts`,
  );
  return job;
}

/** Records how a taken job ended: done, waiting to be tried again, or failed for good. */
async function finishJob({
  db,
  job,
  error,
  retryDelaysMs,
}: {
  db: Database;
  job: Job;
  error?: string;
  retryDelaysMs: readonly number[];
}): Promise<void> {
  const retryDelay = retryDelaysMs[job.attempts - 1];
  const outcome =
    error === undefined
      ? { status: "done" as const, lastError: null }
      : retryDelay === undefined
        ? { status: "failed" as const, lastError: error }
        : {
            status: "waiting" as const,
            lastError: error,
            runAfter: sql`now() + ${retryDelay} * interval '1 millisecond'`,
          };
  await db
    .update(jobs)
    .set({ ...outcome, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running")));
}

/**
 * Jobs left running by this process's previous life: on the embedded database no other
 * process can hold them, so they wait again at once rather than for their lease to run out.
 */
export async function releaseAbandonedJobs(db: Database): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "waiting", lockedUntil: null, updatedAt: sql`now()` })
    .where(eq(jobs.status, "running"));
}

export type JobRunner = {
  /** Look for work now (a job was just asked for in this process). */
  wake(): void;
  /** Takes no more jobs; resolves once the job in hand, if any, has ended. */
  stop(): Promise<void>;
};

/** The runners of this process, woken by `jobsAsked` after a change that asked for work commits. */
const runners = new Set<JobRunner>();

/** Call after a transaction that asked for jobs has committed: this process's runner takes them. */
export function jobsAsked(): void {
  for (const runner of runners) runner.wake();
}

/**
 * Runs jobs of the handled kinds one at a time, for as long as the process serves: one at a
 * time because a lite copy holds up to ~200 MB while it is made.
 */
export function startJobRunner({
  db,
  logger,
  handlers,
  timings = JOB_TIMINGS,
}: {
  db: Database;
  logger: Logger;
  handlers: Record<string, JobHandler>;
  timings?: JobTimings;
}): JobRunner {
  const kinds = Object.keys(handlers);
  let stopped = false;
  /** Set by a wake that came while the runner was busy: it looks again before pausing. */
  let woken = false;
  let wakeUp: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const runOne = async (job: Job) => {
    const handler = handlers[job.kind]!;
    let error: string | undefined;
    try {
      await handler(job);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      logger.warn(
        { err: failure, job: job.label, attempts: job.attempts },
        "a background job failed",
      );
    }
    await finishJob({ db, job, error, retryDelaysMs: timings.retryDelaysMs });
  };

  const loop = async () => {
    while (!stopped) {
      let job: Job | undefined;
      woken = false;
      try {
        job = await takeJob({ db, kinds, leaseMs: timings.leaseMs });
        if (job) await runOne(job);
      } catch (error) {
        // The database is away: the job keeps its lease and is taken again once it is back.
        if (!stopped) logger.warn({ err: error }, "background jobs could not be read");
        job = undefined;
      }
      if (!job && !stopped && !woken) await pause(timings.pollMs);
    }
  };

  const running = loop();
  const runner: JobRunner = {
    wake: () => {
      woken = true;
      wakeUp?.();
    },
    stop: async () => {
      stopped = true;
      runners.delete(runner);
      wakeUp?.();
      await running;
    },
  };
  runners.add(runner);
  return runner;
}
