import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { ownerId } from "./accounts";

/**
 * Every answer that shapes a student's review queue: a question missed in a quiz, or answered
 * in review (docs/decisions/0084-review-queue-scheduled-by-fsrs.md). The id is the phone's, or
 * "{attempt id}.{question}" for a quiz miss, so a replayed answer is stored once.
 */
export const reviewAnswers = pgTable(
  "review_answers",
  {
    userId: ownerId(),
    id: text("id").notNull(),
    quiz: text("quiz").notNull(),
    /** 1-based, as the quiz page numbers its questions. */
    question: integer("question").notNull(),
    /** "quiz" or "review". */
    source: text("source").notNull(),
    /** The letter chosen in review ("" for none); empty for a quiz miss. */
    choice: text("choice").notNull().default(""),
    /** Marked on the server against the stored key. */
    correct: boolean("correct").notNull(),
    /** By the phone's clock: answers are applied in this order. */
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index("review_answers_question_idx").on(table.userId, table.quiz, table.question),
  ],
);

/** Each question's FSRS card, folded from its answers: what the queue pages read. */
export const reviewCards = pgTable(
  "review_cards",
  {
    userId: ownerId(),
    quiz: text("quiz").notNull(),
    question: integer("question").notNull(),
    due: timestamp("due", { withTimezone: true }).notNull(),
    inQueue: boolean("in_queue").notNull(),
    rightInARow: integer("right_in_a_row").notNull(),
    lastAnsweredAt: timestamp("last_answered_at", { withTimezone: true }).notNull(),
    stability: doublePrecision("stability").notNull(),
    difficulty: doublePrecision("difficulty").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reps: integer("reps").notNull(),
    lapses: integer("lapses").notNull(),
    /** ts-fsrs's State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer("state").notNull(),
    lastReview: timestamp("last_review", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // "N questions to review today" counts one student's cards due before a moment.
  (table) => [
    primaryKey({ columns: [table.userId, table.quiz, table.question] }),
    index("review_cards_due_idx")
      .on(table.userId, table.due)
      .where(sql`${table.inQueue}`),
  ],
);
