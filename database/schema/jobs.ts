import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const JOB_STATUSES = ["waiting", "running", "done", "failed"] as const;

/**
 * Work the site does in the background (app/lib/job-queue.server.ts): kept in the database,
 * so it survives a restart and any server may take it.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** What the job works on; one job per kind and subject, however often it is asked for. */
    subject: text("subject").notNull(),
    /** Read by people: what the job is for ("Pathology 2019 past paper"). */
    label: text("label").notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("waiting"),
    attempts: integer("attempts").notNull().default(0),
    /** A waiting job is not taken before this time (a retry waits a while). */
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    /** A running job whose server stopped is taken again after this time. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("jobs_kind_subject_idx").on(table.kind, table.subject),
    index("jobs_status_idx").on(table.status, table.runAfter),
  ],
);
