import { and, desc, eq, sql } from "drizzle-orm";
import { selectRows, type Database } from "#database/client.server";
import { quizAttempts } from "#database/schema";
import { loadQuiz, type Choice, type QuizSlug } from "#app/features/quizzes/public.server";
import { answersFromText, answersToText } from "./answers-text";
import type { AttemptInput } from "./attempt-input";
import { markAttempt } from "./marking";

/** An attempt as kept, and as the app's call and the export show it. */
export type StoredAttempt = {
  id: string;
  quiz: QuizSlug;
  answers: Choice[];
  score: number;
  total: number;
  percentage: number;
  grade: string;
  answeredAt: Date;
  revision: number;
};

export type SaveOutcome = "created" | "updated" | "unchanged";

/** Thrown when an attempt id is another student's: answered as not found, never shown. */
export class AttemptNotFoundError extends Error {
  constructor(readonly attemptId: string) {
    super("No attempt with that id.");
  }
}

const STORED_COLUMNS = {
  id: quizAttempts.id,
  quiz: quizAttempts.quiz,
  answers: quizAttempts.answers,
  score: quizAttempts.score,
  total: quizAttempts.total,
  percentage: quizAttempts.percentage,
  grade: quizAttempts.grade,
  answeredAt: quizAttempts.answeredAt,
  revision: quizAttempts.revision,
};

function fromRow(row: { answers: string; quiz: string } & Omit<StoredAttempt, "answers" | "quiz">) {
  return { ...row, quiz: row.quiz as QuizSlug, answers: answersFromText(row.answers) };
}

/**
 * Saves a student's attempts, all or none (docs/decisions/0042-quiz-attempts-kept-offline-first.md).
 * An id seen before updates that attempt when the copy sent is newer (a higher revision), so a
 * retry, a second tab or an old copy never makes a second attempt or undoes a later change.
 * An id that is another student's throws AttemptNotFoundError and nothing is saved.
 */
export async function saveAttempts({
  db,
  userId,
  attempts,
}: {
  db: Database;
  userId: number;
  attempts: readonly AttemptInput[];
}): Promise<{ attempt: StoredAttempt; outcome: SaveOutcome }[]> {
  const marked = await Promise.all(
    attempts.map(async (attempt) => {
      const quiz = await loadQuiz(attempt.quiz);
      const key = quiz.questions.map((question) => question.answer);
      return { ...attempt, ...markAttempt(attempt.answers, key) };
    }),
  );
  return db.transaction(async (tx) => {
    const results: { attempt: StoredAttempt; outcome: SaveOutcome }[] = [];
    for (const attempt of marked) {
      const values = {
        id: attempt.id,
        userId,
        quiz: attempt.quiz,
        answers: answersToText(attempt.answers),
        score: attempt.score,
        total: attempt.total,
        percentage: attempt.percentage,
        grade: attempt.grade,
        answeredAt: attempt.answeredAt,
        revision: attempt.revision,
      };
      const [written] = await tx
        .insert(quizAttempts)
        .values(values)
        .onConflictDoUpdate({
          target: quizAttempts.id,
          set: {
            answers: values.answers,
            score: values.score,
            total: values.total,
            percentage: values.percentage,
            grade: values.grade,
            revision: values.revision,
            updatedAt: sql`now()`,
          },
          setWhere: and(
            eq(quizAttempts.userId, userId),
            eq(quizAttempts.quiz, attempt.quiz),
            sql`${quizAttempts.revision} < ${values.revision}`,
          ),
        })
        // xmax is 0 only on a row this statement inserted.
        .returning({ ...STORED_COLUMNS, inserted: sql<boolean>`(xmax = 0)` });
      if (written) {
        const { inserted, ...row } = written;
        results.push({ attempt: fromRow(row), outcome: inserted ? "created" : "updated" });
        continue;
      }
      const [kept] = await tx
        .select(STORED_COLUMNS)
        .from(quizAttempts)
        .where(
          and(
            eq(quizAttempts.id, attempt.id),
            eq(quizAttempts.userId, userId),
            eq(quizAttempts.quiz, attempt.quiz),
          ),
        );
      if (!kept) throw new AttemptNotFoundError(attempt.id);
      results.push({ attempt: fromRow(kept), outcome: "unchanged" });
    }
    return results;
  });
}

/** A student's attempts, newest first; one quiz's when `quiz` is given. */
export async function listAttempts({
  db,
  userId,
  quiz,
  limit = 1000,
}: {
  db: Database;
  userId: number;
  quiz?: QuizSlug;
  limit?: number;
}): Promise<StoredAttempt[]> {
  const rows = await db
    .select(STORED_COLUMNS)
    .from(quizAttempts)
    .where(
      quiz
        ? and(eq(quizAttempts.userId, userId), eq(quizAttempts.quiz, quiz))
        : eq(quizAttempts.userId, userId),
    )
    .orderBy(desc(quizAttempts.answeredAt), desc(quizAttempts.id))
    .limit(limit);
  return rows.map(fromRow);
}

/** One of the student's own attempts, or undefined: another student's is not found either. */
export async function findAttempt({
  db,
  userId,
  id,
}: {
  db: Database;
  userId: number;
  id: string;
}): Promise<StoredAttempt | undefined> {
  const [row] = await db
    .select(STORED_COLUMNS)
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, id), eq(quizAttempts.userId, userId)));
  return row ? fromRow(row) : undefined;
}

export type QuizProgress = {
  quiz: QuizSlug;
  attempts: number;
  best: { score: number; total: number; percentage: number };
  latest: { score: number; total: number; percentage: number; grade: string; answeredAt: Date };
};

type ProgressRow = {
  quiz: string;
  attempts: number;
  best_score: number;
  best_percentage: number;
  total: number;
  latest_score: number;
  latest_percentage: number;
  latest_grade: string;
  latest_at: Date | string;
};

/**
 * Per quiz tried: how many attempts, the best and the latest, latest first. Plain aggregates
 * per quiz, then each quiz's latest attempt read off the (user, quiz, answered_at DESC) index:
 * a few milliseconds on PGlite with 1,000 attempts, where sorting every attempt into arrays
 * took twice as long (docs/decisions/0044-my-progress.md). A quiz's total is fixed by its key,
 * so its highest score is its highest percentage.
 */
export async function progressByQuiz({
  db,
  userId,
}: {
  db: Database;
  userId: number;
}): Promise<QuizProgress[]> {
  const rows = await selectRows<ProgressRow>(
    db,
    sql`
    select tried.quiz, tried.attempts, tried.best_score, tried.best_percentage, tried.total,
      latest.score as latest_score, latest.percentage as latest_percentage,
      latest.grade as latest_grade, latest.answered_at as latest_at
    from (
      select ${quizAttempts.quiz} as quiz, count(*)::int as attempts,
        max(${quizAttempts.score}) as best_score, max(${quizAttempts.percentage}) as best_percentage,
        max(${quizAttempts.total}) as total
      from ${quizAttempts}
      where ${quizAttempts.userId} = ${userId}
      group by ${quizAttempts.quiz}
    ) as tried
    cross join lateral (
      select ${quizAttempts.score} as score, ${quizAttempts.percentage} as percentage,
        ${quizAttempts.grade} as grade, ${quizAttempts.answeredAt} as answered_at
      from ${quizAttempts}
      where ${quizAttempts.userId} = ${userId} and ${quizAttempts.quiz} = tried.quiz
      order by ${quizAttempts.answeredAt} desc, ${quizAttempts.id} desc
      limit 1
    ) as latest
    order by latest.answered_at desc, tried.quiz
  `,
  );
  return rows.map((row) => ({
    quiz: row.quiz as QuizSlug,
    attempts: Number(row.attempts),
    best: {
      score: Number(row.best_score),
      total: Number(row.total),
      percentage: Number(row.best_percentage),
    },
    latest: {
      score: Number(row.latest_score),
      total: Number(row.total),
      percentage: Number(row.latest_percentage),
      grade: row.latest_grade,
      answeredAt: new Date(row.latest_at),
    },
  }));
}

/** Every attempt of a student is gone (the account is being deleted, or they asked). */
export async function deleteAttemptsOf({ db, userId }: { db: Database; userId: number }) {
  await db.delete(quizAttempts).where(eq(quizAttempts.userId, userId));
}
