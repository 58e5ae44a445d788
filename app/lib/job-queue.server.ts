import { setTimeout as sleep } from "node:timers/promises";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { selectRows, type Database } from "#database/client.server";
import { jobs } from "#database/schema";
import type { Logger } from "./logger";

// docs/decisions/0065-background-jobs-in-the-database.md

export type Job = { id: number; kind: string; subject: string; label: string; attempts: number };

export type JobTimings = { pollMs: number; leaseMs: number; retryDelaysMs: readonly number[] };

export const JOB_TIMINGS: JobTimings = {
  pollMs: 5_000,
  // A lite copy of a 40-page scan takes about 4 s; ten minutes is a stopped server, not a slow one.
  leaseMs: 600_000,
  retryDelaysMs: [60_000, 600_000],
};

type OfKind = { db: Database; kind: string };

const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

type NewJob = OfKind & { subject: string; label: string; retryFailed?: boolean };

export async function enqueueJob({ db, kind, subject, label, retryFailed = true }: NewJob) {
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
    setWhere: eq(jobs.status, "failed"),
  });
}

export const listFailedJobs = ({ db, kind }: OfKind) =>
  db
    .select({
      label: jobs.label,
      error: sql<string>`coalesce(${jobs.lastError}, 'no reason was recorded')`,
      attempts: jobs.attempts,
      failedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, "failed")))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(50);

export const countUnfinishedJobs = ({ db, kind }: OfKind) =>
  db.$count(jobs, and(eq(jobs.kind, kind), inArray(jobs.status, ["waiting", "running"])));

type JobTaking = { db: Database; kinds: readonly string[]; leaseMs: number };

// Times are the database's, so servers whose clocks differ agree.
export async function takeJob({ db, kinds, leaseMs }: JobTaking): Promise<Job | undefined> {
  const [job] = await selectRows<Job>(
    db,
    sql`update jobs
      set status = 'running', attempts = attempts + 1, updated_at = now(),
        locked_until = ${inMs(leaseMs)}
      where id = (
        select id from jobs
        where kind in ${kinds}
          and ((status = 'waiting' and run_after <= now())
            or (status = 'running' and locked_until < now()))
        order by run_after, id
        limit 1
        for update skip locked)
      returning id, kind, subject, label, attempts`,
  );
  return job;
}

// On the embedded database no other process can hold a running job: it waits again at once.
export async function releaseAbandonedJobs(db: Database): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "waiting", lockedUntil: null, updatedAt: sql`now()` })
    .where(eq(jobs.status, "running"));
}

export type JobRunner = { wake(): void; stop(): Promise<void> };

const runners = new Set<JobRunner>();

export function jobsAsked(): void {
  for (const runner of runners) runner.wake();
}

type RunnerSetup = {
  db: Database;
  logger: Logger;
  handlers: Record<string, (job: Job) => Promise<void>>;
  timings?: JobTimings;
};

// One job at a time: a lite copy holds up to ~200 MB while it is made.
export function startJobRunner(setup: RunnerSetup): JobRunner {
  const { db, logger, handlers, timings = JOB_TIMINGS } = setup;
  let stopped = false;
  let woken = false;
  let wakeUp = new AbortController();

  const run = async (job: Job) => {
    let outcome: PgUpdateSetSource<typeof jobs> = { status: "done", lastError: null };
    try {
      await handlers[job.kind]!(job);
    } catch (failure) {
      logger.warn(
        { err: failure, job: job.label, attempts: job.attempts },
        "a background job failed",
      );
      const lastError = failure instanceof Error ? failure.message : String(failure);
      const retryDelay = timings.retryDelaysMs[job.attempts - 1];
      outcome =
        retryDelay === undefined
          ? { status: "failed", lastError }
          : { status: "waiting", lastError, runAfter: inMs(retryDelay) };
    }
    await db
      .update(jobs)
      .set({ ...outcome, lockedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "running")));
  };

  const loop = async () => {
    while (!stopped) {
      let job: Job | undefined;
      woken = false;
      try {
        job = await takeJob({ db, kinds: Object.keys(handlers), leaseMs: timings.leaseMs });
        if (job) await run(job);
      } catch (error) {
        // The database is away: the job keeps its lease and is taken again once it is back.
        if (!stopped) logger.warn({ err: error }, "background jobs could not be read");
        job = undefined;
      }
      if (!job && !stopped && !woken)
        await sleep(timings.pollMs, undefined, { signal: wakeUp.signal }).catch(() => {});
    }
  };

  const running = loop();
  const runner: JobRunner = {
    wake: () => {
      woken = true;
      wakeUp.abort();
      wakeUp = new AbortController();
    },
    stop: async () => {
      stopped = true;
      runners.delete(runner);
      runner.wake();
      await running;
    },
  };
  runners.add(runner);
  return runner;
}
