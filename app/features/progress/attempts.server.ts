import { and, count, desc, eq, getTableColumns, gt, gte, inArray, max, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { quizAttempts } from "#database/schema";
import { loadQuiz, type Choice, type QuizSlug } from "#app/features/quizzes/public.server";
import { recordQuizMisses } from "#app/features/review/public.server";
import type { AttemptInput } from "./attempt-input";
import { answersFromText, answersToText, markAttempt } from "./marking";

const { userId: _userId, updatedAt: _updatedAt, ...attemptColumns } = getTableColumns(quizAttempts);
type AttemptRow = Omit<typeof quizAttempts.$inferSelect, "userId" | "updatedAt">;

export type ForStudent = { db: Database; userId: number };

export type StoredAttempt = Omit<AttemptRow, "quiz" | "answers"> & {
  quiz: QuizSlug;
  answers: Choice[];
};

/**
 * Three times what a keen student could answer in a day (ten quizzes, fifty times each):
 * beyond it one account would only fill the disk.
 */
export const MOST_ATTEMPTS_A_DAY = 1_500;

export class TooManyAttemptsError extends Error {
  override message = `At most ${MOST_ATTEMPTS_A_DAY.toLocaleString("en")} quiz attempts are saved a day.`;
}

/** Another student's attempt id: reported as not found, never shown. */
export class AttemptNotFoundError extends Error {
  constructor(readonly attemptId: string) {
    super("No attempt with that id.");
  }
}

function fromRow(row: AttemptRow): StoredAttempt {
  return { ...row, quiz: row.quiz as QuizSlug, answers: answersFromText(row.answers) };
}

// A known id changes only with a higher revision: a retry never duplicates or undoes one.
export async function saveAttempts(batch: ForStudent & { attempts: readonly AttemptInput[] }) {
  const { db, userId, attempts } = batch;
  const savedToday = await db.$count(
    quizAttempts,
    and(eq(quizAttempts.userId, userId), gt(quizAttempts.updatedAt, sql`now() - interval '1 day'`)),
  );
  if (savedToday + attempts.length > MOST_ATTEMPTS_A_DAY) throw new TooManyAttemptsError();
  const marked = await Promise.all(
    attempts.map(async ({ id, quiz, answers, answeredAt, revision }) => {
      const key = (await loadQuiz(quiz)).questions.map((question) => question.answer);
      const changes = { answers: answersToText(answers), revision, ...markAttempt(answers, key) };
      const missed = key.flatMap((letter, index) => (answers[index] === letter ? [] : [index + 1]));
      return { id, quiz, answeredAt, changes, missed };
    }),
  );
  return db.transaction(async (tx) => {
    const results: { attempt: StoredAttempt; outcome: "created" | "updated" | "unchanged" }[] = [];
    for (const { id, quiz, answeredAt, changes, missed } of marked) {
      const sameOwnerAndQuiz = and(eq(quizAttempts.userId, userId), eq(quizAttempts.quiz, quiz));
      const [written] = await tx
        .insert(quizAttempts)
        .values({ id, userId, quiz, answeredAt, ...changes })
        .onConflictDoUpdate({
          target: quizAttempts.id,
          set: { ...changes, updatedAt: sql`now()` },
          setWhere: and(sameOwnerAndQuiz, sql`${quizAttempts.revision} < ${changes.revision}`),
        })
        // xmax is 0 only on a row this statement inserted.
        .returning({ ...attemptColumns, inserted: sql<boolean>`(xmax = 0)` });
      if (written) {
        // Every question missed joins the review queue, once however often it is sent.
        const misses = missed.map((question) => ({
          id: `${id}.${question}`,
          quiz,
          question,
          answeredAt: written.answeredAt,
        }));
        await recordQuizMisses({ db: tx, userId, misses });
        const { inserted, ...row } = written;
        results.push({ attempt: fromRow(row), outcome: inserted ? "created" : "updated" });
        continue;
      }
      const [current] = await tx
        .select(attemptColumns)
        .from(quizAttempts)
        .where(and(eq(quizAttempts.id, id), sameOwnerAndQuiz));
      if (!current) throw new AttemptNotFoundError(id);
      results.push({ attempt: fromRow(current), outcome: "unchanged" });
    }
    return results;
  });
}

type AttemptsQuery = ForStudent & { quiz?: QuizSlug; limit?: number; before?: StoredAttempt };

/** Newest first; `before`, the last attempt of the page before, reads the next page. */
export async function listAttempts({ db, userId, quiz, limit = 1000, before }: AttemptsQuery) {
  const older =
    before &&
    sql`(${quizAttempts.answeredAt}, ${quizAttempts.id}) < (${before.answeredAt}, ${before.id})`;
  const rows = await db
    .select(attemptColumns)
    .from(quizAttempts)
    .where(
      and(eq(quizAttempts.userId, userId), quiz ? eq(quizAttempts.quiz, quiz) : undefined, older),
    )
    .orderBy(desc(quizAttempts.answeredAt), desc(quizAttempts.id))
    .limit(limit);
  return rows.map(fromRow);
}

/**
 * Some students' attempts on some quizzes from a moment on, newest first: what a class's
 * teacher reads (docs/security.md#classes); each student's own window is the caller's to apply.
 */
export async function listAttemptsOfStudents(read: {
  db: Database;
  userIds: readonly number[];
  quizzes: readonly string[];
  since: Date;
}) {
  const { db, userIds, quizzes, since } = read;
  if (userIds.length === 0 || quizzes.length === 0) return [];
  const rows = await db
    .select({ ...attemptColumns, userId: quizAttempts.userId })
    .from(quizAttempts)
    .where(
      and(
        inArray(quizAttempts.userId, [...userIds]),
        inArray(quizAttempts.quiz, [...quizzes]),
        gte(quizAttempts.answeredAt, since),
      ),
    )
    .orderBy(desc(quizAttempts.answeredAt), desc(quizAttempts.id));
  return rows.map(({ userId, ...row }) => ({ ...fromRow(row), userId }));
}

export async function findAttempt({ db, userId, id }: ForStudent & { id: string }) {
  const [row] = await db
    .select(attemptColumns)
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, id), eq(quizAttempts.userId, userId)));
  return row && fromRow(row);
}

// Each quiz's latest is read off the (user, quiz, answered_at) index, not by sorting them all.
export async function progressByQuiz({ db, userId }: ForStudent) {
  const tried = db
    .select({
      quiz: quizAttempts.quiz,
      attempts: count().as("attempts"),
      bestScore: max(quizAttempts.score).as("best_score"),
      bestPercentage: max(quizAttempts.percentage).as("best_percentage"),
      total: max(quizAttempts.total).as("total"),
    })
    .from(quizAttempts)
    .where(eq(quizAttempts.userId, userId))
    .groupBy(quizAttempts.quiz)
    .as("tried");
  const latest = db
    .select({
      score: quizAttempts.score,
      percentage: quizAttempts.percentage,
      grade: quizAttempts.grade,
      answeredAt: quizAttempts.answeredAt,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quiz, tried.quiz)))
    .orderBy(desc(quizAttempts.answeredAt), desc(quizAttempts.id))
    .limit(1)
    .as("latest");
  const rows = await db
    .select()
    .from(tried)
    .crossJoinLateral(latest)
    .orderBy(desc(latest.answeredAt), tried.quiz);
  return rows.map(({ tried, latest }) => ({
    quiz: tried.quiz as QuizSlug,
    attempts: tried.attempts,
    best: { score: tried.bestScore!, total: tried.total!, percentage: tried.bestPercentage! },
    latest: { ...latest, total: tried.total! },
  }));
}

export async function deleteAttemptsOf({ db, userId }: ForStudent) {
  await db.delete(quizAttempts).where(eq(quizAttempts.userId, userId));
}

export function attemptJson(attempt: StoredAttempt) {
  return { ...attempt, answeredAt: attempt.answeredAt.toISOString() };
}
