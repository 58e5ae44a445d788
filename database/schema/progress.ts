import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { ownerId } from "./accounts";

/**
 * A student's Brain Booster attempts (docs/decisions/0042-quiz-attempts-kept-offline-first.md).
 * The id is made in the browser or the app, so that sending one attempt twice saves it once.
 * Marks are worked out on the server from the stored key; the client's say is the answers.
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: text("id").primaryKey(),
    userId: ownerId(),
    quiz: text("quiz").notNull(),
    /** One character per question: its letter, or "-" for none ("AC-B…"). */
    answers: text("answers").notNull(),
    score: integer("score").notNull(),
    total: integer("total").notNull(),
    percentage: doublePrecision("percentage").notNull(),
    /** The quiz screen's grade band as it reads ("B+: Meritorious"). */
    grade: text("grade").notNull(),
    /** When Show Results was pressed, by the client's clock. */
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    /** Raised by the client on each change after Show Results: an older copy never overwrites a newer. */
    revision: integer("revision").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // /progress reads one student's attempts, newest first, by quiz; the data export and the
  // app's list read them all, newest first, a page at a time.
  (table) => [
    index("quiz_attempts_user_quiz_idx").on(
      table.userId,
      table.quiz,
      sql`${table.answeredAt} DESC`,
    ),
    index("quiz_attempts_user_newest_idx").on(
      table.userId,
      sql`${table.answeredAt} DESC`,
      sql`${table.id} DESC`,
    ),
  ],
);
