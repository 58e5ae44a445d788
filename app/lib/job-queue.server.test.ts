import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "#database/client.server";
import { jobs } from "#database/schema";
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from "#tests/setup/test-database";
import {
  countUnfinishedJobs,
  enqueueJob,
  jobsAsked,
  listFailedJobs,
  releaseAbandonedJobs,
  startJobRunner,
  takeJob,
  type Job,
  type JobRunner,
  type JobTimings,
} from "./job-queue.server";
import { createLogger } from "#server/logger";

const logger = createLogger({ level: "silent" });
/** Retries without waiting, and a runner that would sleep past any test unless woken. */
const QUICK: JobTimings = { pollMs: 60_000, leaseMs: 60_000, retryDelaysMs: [0, 0] };

describe.each(DATABASE_KINDS)("background jobs on %s", (kind) => {
  let database: TestDatabase;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await database.db.delete(jobs);
  });
  afterAll(() => database?.destroy());

  function run(handlers: Record<string, (job: Job) => Promise<void>>, timings = QUICK) {
    const runner = startJobRunner({ db: database.db, logger, handlers, timings });
    runners.push(runner);
    return runner;
  }

  const statusOf = async (subject: string) =>
    (await database.db.select().from(jobs).where(eq(jobs.subject, subject)))[0];

  it("runs a job asked for once, however often it is asked for", async () => {
    const ran: string[] = [];
    run({ lite: (job) => Promise.resolve(void ran.push(job.subject)) });
    for (let time = 0; time < 3; time++) {
      await enqueueJob({ db: database.db, kind: "lite", subject: "a", label: "Paper A" });
      jobsAsked();
      await vi.waitFor(async () => expect((await statusOf("a"))?.status).toBe("done"));
    }
    expect(ran).toEqual(["a"]);
    expect(await countUnfinishedJobs({ db: database.db, kind: "lite" })).toBe(0);
  });

  it("tries a failing job again, then reports it failed with its reason", async () => {
    let tries = 0;
    run({
      lite: () => {
        tries++;
        return Promise.reject(new Error("the file store did not answer"));
      },
    });
    await enqueueJob({ db: database.db, kind: "lite", subject: "b", label: "Paper B" });
    jobsAsked();
    await vi.waitFor(async () => expect((await statusOf("b"))?.status).toBe("failed"));
    expect(tries).toBe(QUICK.retryDelaysMs.length + 1);
    expect(await listFailedJobs({ db: database.db, kind: "lite" })).toEqual([
      expect.objectContaining({
        label: "Paper B",
        error: "the file store did not answer",
        attempts: 3,
      }),
    ]);
    // Asked for again (the file uploaded anew), a failed job starts over.
    await enqueueJob({ db: database.db, kind: "lite", subject: "b", label: "Paper B" });
    expect(await statusOf("b")).toMatchObject({ status: "waiting", attempts: 0, lastError: null });
  });

  it("waits before a retry, by the database's clock", async () => {
    run(
      {
        lite: () => Promise.reject(new Error("not yet")),
      },
      { ...QUICK, retryDelaysMs: [3_600_000] },
    );
    await enqueueJob({ db: database.db, kind: "lite", subject: "c", label: "Paper C" });
    jobsAsked();
    await vi.waitFor(async () => expect((await statusOf("c"))?.attempts).toBe(1));
    await vi.waitFor(async () => expect((await statusOf("c"))?.status).toBe("waiting"));
    const [due] = await database.db
      .select({ later: sql<boolean>`${jobs.runAfter} > now() + interval '59 minutes'` })
      .from(jobs)
      .where(eq(jobs.subject, "c"));
    expect(due?.later).toBe(true);
    expect(await takeJob({ db: database.db, kinds: ["lite"], leaseMs: 1_000 })).toBeUndefined();
  });

  it("takes again a job whose server stopped while running it", async () => {
    await enqueueJob({ db: database.db, kind: "lite", subject: "d", label: "Paper D" });
    // A server takes it and stops: its lease is already over.
    const taken = await takeJob({ db: database.db, kinds: ["lite"], leaseMs: -1 });
    expect(taken).toMatchObject({ subject: "d", attempts: 1 });
    const ran: string[] = [];
    run({ lite: (job) => Promise.resolve(void ran.push(job.subject)) });
    jobsAsked();
    await vi.waitFor(async () => expect((await statusOf("d"))?.status).toBe("done"));
    expect(ran).toEqual(["d"]);
  });

  it("on restart, a job left running by this database's one process waits again", async () => {
    await enqueueJob({ db: database.db, kind: "lite", subject: "e", label: "Paper E" });
    await takeJob({ db: database.db, kinds: ["lite"], leaseMs: 600_000 });
    expect(await takeJob({ db: database.db, kinds: ["lite"], leaseMs: 1_000 })).toBeUndefined();
    await releaseAbandonedJobs(database.db);
    expect(await takeJob({ db: database.db, kinds: ["lite"], leaseMs: 1_000 })).toMatchObject({
      subject: "e",
      attempts: 2,
    });
  });

  it("leaves alone the jobs of kinds it does not handle", async () => {
    await enqueueJob({ db: database.db, kind: "other", subject: "f", label: "Other F" });
    expect(await takeJob({ db: database.db, kinds: ["lite"], leaseMs: 1_000 })).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("background jobs on two servers", () => {
  it("never gives one job to both", async () => {
    const empty = await createEmptyPostgresDatabase();
    // Two connection pools on one database, as two servers have.
    const first = await openDatabase({ kind: "postgres", url: empty.url });
    const second = await openDatabase({ kind: "postgres", url: empty.url });
    try {
      await first.migrate();
      for (let at = 0; at < 20; at++)
        await enqueueJob({ db: first.db, kind: "lite", subject: `s${at}`, label: `S${at}` });
      const taken = await Promise.all(
        Array.from({ length: 20 }, (_, at) =>
          takeJob({ db: (at % 2 ? first : second).db, kinds: ["lite"], leaseMs: 60_000 }),
        ),
      );
      const subjects = taken.map((job) => job?.subject);
      expect(new Set(subjects).size).toBe(20);
      expect(subjects).not.toContain(undefined);
    } finally {
      await first.close();
      await second.close();
      await empty.drop();
    }
  });
});
