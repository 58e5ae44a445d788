import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { reviewAnswers, reviewCards } from "#database/schema";
import { loadQuiz, type Choice, type QuizSlug } from "#app/features/quizzes/public.server";
import { cardFromAnswers, type QueueCard, type ReviewAnswer } from "./schedule";
import { endOfToday } from "./today";

export type ForStudent = { db: Database; userId: number };

/** Ten sessions' worth of answers an hour, all day: beyond it one account would only fill the disk. */
const MOST_REVIEW_ANSWERS_A_DAY = 2_400;

export class TooManyReviewAnswersError extends Error {
  override message = `At most ${MOST_REVIEW_ANSWERS_A_DAY.toLocaleString("en")} review answers are saved a day.`;
}

/** A question not in the student's queue, theirs or another's: reported as not found. */
export class ReviewQuestionNotFoundError extends Error {
  constructor(
    readonly quiz: string,
    readonly question: number,
  ) {
    super(`Question ${question} of ${quiz} is not in your review queue.`);
  }
}

export type QuizMiss = { id: string; quiz: QuizSlug; question: number; answeredAt: Date };
export type ReviewAnswerInput = {
  id: string;
  quiz: QuizSlug;
  question: number;
  choice: Choice;
  answeredAt: Date;
};

/** What a student sees of a card: the question, when it is due, how it has gone. */
export const shownCardColumns = {
  quiz: reviewCards.quiz,
  question: reviewCards.question,
  due: reviewCards.due,
  inQueue: reviewCards.inQueue,
  rightInARow: reviewCards.rightInARow,
  lastAnsweredAt: reviewCards.lastAnsweredAt,
};

const cardColumns = {
  ...shownCardColumns,
  stability: reviewCards.stability,
  difficulty: reviewCards.difficulty,
  scheduledDays: reviewCards.scheduledDays,
  learningSteps: reviewCards.learningSteps,
  reps: reviewCards.reps,
  lapses: reviewCards.lapses,
  state: reviewCards.state,
  lastReview: reviewCards.lastReview,
};
type CardRow = Pick<typeof reviewCards.$inferSelect, keyof typeof cardColumns>;

function cardFromRow(row: CardRow): QueueCard {
  const { quiz, question, due, inQueue, rightInARow, lastAnsweredAt } = row;
  return {
    quiz,
    question,
    due,
    inQueue,
    rightInARow,
    lastAnsweredAt,
    memory: {
      stability: row.stability,
      difficulty: row.difficulty,
      scheduled_days: row.scheduledDays,
      learning_steps: row.learningSteps,
      reps: row.reps,
      lapses: row.lapses,
      state: row.state,
      ...(row.lastReview ? { last_review: row.lastReview } : {}),
    },
  };
}

function rowFromCard(card: QueueCard) {
  const { memory } = card;
  return {
    due: card.due,
    inQueue: card.inQueue,
    rightInARow: card.rightInARow,
    lastAnsweredAt: card.lastAnsweredAt,
    stability: memory.stability,
    difficulty: memory.difficulty,
    scheduledDays: memory.scheduled_days,
    learningSteps: memory.learning_steps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: memory.state,
    lastReview: memory.last_review ?? null,
  };
}

// Map.groupBy arrives with Node 21; the site runs on Node 20.
function byQuestionOf(answers: readonly ReviewAnswer[]) {
  const grouped = new Map<number, ReviewAnswer[]>();
  for (const answer of answers)
    grouped.set(answer.question, [...(grouped.get(answer.question) ?? []), answer]);
  return grouped;
}

async function writeCards(db: Database, userId: number, cards: readonly QueueCard[]) {
  if (cards.length === 0) return;
  const rows = cards.map((card) => ({
    userId,
    quiz: card.quiz,
    question: card.question,
    ...rowFromCard(card),
  }));
  // Each row keeps what it was given: `excluded` is the row this statement tried to insert.
  const set = Object.fromEntries(
    Object.keys(rowFromCard(cards[0]!)).map((key) => {
      const column = reviewCards[key as keyof ReturnType<typeof rowFromCard>];
      return [key, sql.raw(`excluded."${column.name}"`)];
    }),
  );
  await db
    .insert(reviewCards)
    .values(rows)
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.quiz, reviewCards.question],
      set: { ...set, updatedAt: sql`now()` },
    });
}

/**
 * New answers to questions of one quiz: each laid on its card when they all come after the
 * card's last answer, else every answer the question has is folded again, so one that arrives
 * late still counts in order. Three queries however many questions.
 */
async function applyNewAnswers(
  db: Database,
  userId: number,
  quiz: QuizSlug,
  fresh: readonly ReviewAnswer[],
): Promise<Map<number, QueueCard>> {
  const byQuestion = byQuestionOf(fresh);
  const questions = [...byQuestion.keys()];
  const current = new Map(
    (await listCards({ db, userId, quiz, questions })).map((card) => [card.question, card]),
  );
  const cards = new Map<number, QueueCard>();
  const refold: number[] = [];
  for (const [question, answers] of byQuestion) {
    const card = current.get(question);
    const inOrder = card && answers.every((answer) => answer.answeredAt > card.lastAnsweredAt);
    if (inOrder) cards.set(question, cardFromAnswers(answers, card)!);
    else refold.push(question);
  }
  if (refold.length > 0) {
    const stored = await db
      .select({
        id: reviewAnswers.id,
        quiz: reviewAnswers.quiz,
        question: reviewAnswers.question,
        correct: reviewAnswers.correct,
        source: reviewAnswers.source,
        answeredAt: reviewAnswers.answeredAt,
      })
      .from(reviewAnswers)
      .where(
        and(
          eq(reviewAnswers.userId, userId),
          eq(reviewAnswers.quiz, quiz),
          inArray(reviewAnswers.question, refold),
        ),
      );
    for (const [question, answers] of byQuestionOf(stored as ReviewAnswer[])) {
      const card = cardFromAnswers(answers);
      if (card) cards.set(question, card);
    }
  }
  await writeCards(db, userId, [...cards.values()]);
  return cards;
}

/**
 * The questions a quiz attempt got wrong join the queue. Called inside the attempt's own
 * transaction; a miss already stored (the same attempt sent again) changes nothing.
 */
export async function recordQuizMisses({
  db,
  userId,
  misses,
}: ForStudent & { misses: QuizMiss[] }) {
  if (misses.length === 0) return;
  const inserted = await db
    .insert(reviewAnswers)
    .values(misses.map((miss) => ({ ...miss, userId, source: "quiz", correct: false })))
    .onConflictDoNothing()
    .returning({
      id: reviewAnswers.id,
      quiz: reviewAnswers.quiz,
      question: reviewAnswers.question,
      answeredAt: reviewAnswers.answeredAt,
    });
  if (inserted.length === 0) return;
  // One attempt, one quiz: each question it missed once.
  const fresh = inserted.map((miss) => ({ ...miss, source: "quiz" as const, correct: false }));
  await applyNewAnswers(db, userId, misses[0]!.quiz, fresh);
}

export type SavedReviewAnswer = {
  id: string;
  quiz: QuizSlug;
  question: number;
  choice: Choice;
  correct: boolean;
  answer: string;
  outcome: "created" | "unchanged";
  card: QueueCard;
};

/**
 * Marks answers given in review against the stored key and applies them to their questions'
 * cards. The whole list is refused when one names a question not in the student's queue.
 */
export async function saveReviewAnswers({
  db,
  userId,
  answers,
}: ForStudent & { answers: readonly ReviewAnswerInput[] }): Promise<SavedReviewAnswer[]> {
  const savedToday = await db.$count(
    reviewAnswers,
    and(
      eq(reviewAnswers.userId, userId),
      gt(reviewAnswers.createdAt, sql`now() - interval '1 day'`),
    ),
  );
  if (savedToday + answers.length > MOST_REVIEW_ANSWERS_A_DAY)
    throw new TooManyReviewAnswersError();
  const marked = await Promise.all(
    answers.map(async (answer) => {
      const key = (await loadQuiz(answer.quiz)).questions[answer.question - 1]?.answer;
      if (!key) throw new ReviewQuestionNotFoundError(answer.quiz, answer.question);
      return { ...answer, answer: key, correct: answer.choice === key };
    }),
  );
  return db.transaction(async (tx) => {
    const results: SavedReviewAnswer[] = [];
    for (const { answer, ...given } of marked) {
      const { id, quiz, question, choice, correct, answeredAt } = given;
      const [known] = await tx
        .select({ quiz: reviewCards.quiz })
        .from(reviewCards)
        .where(
          and(
            eq(reviewCards.userId, userId),
            eq(reviewCards.quiz, quiz),
            eq(reviewCards.question, question),
          ),
        );
      if (!known) throw new ReviewQuestionNotFoundError(quiz, question);
      const [inserted] = await tx
        .insert(reviewAnswers)
        .values({ userId, id, quiz, question, choice, correct, answeredAt, source: "review" })
        .onConflictDoNothing()
        .returning({ id: reviewAnswers.id });
      const [stored] = inserted
        ? [{ correct, choice }]
        : await tx
            .select({ correct: reviewAnswers.correct, choice: reviewAnswers.choice })
            .from(reviewAnswers)
            .where(and(eq(reviewAnswers.userId, userId), eq(reviewAnswers.id, id)));
      const card = inserted
        ? (await applyNewAnswers(tx, userId, quiz, [{ ...given, source: "review" }])).get(question)
        : (await listCards({ db: tx, userId, quiz, questions: [question] }))[0];
      results.push({
        id,
        quiz,
        question,
        choice: stored!.choice as Choice,
        correct: stored!.correct,
        answer,
        outcome: inserted ? "created" : "unchanged",
        card: card!,
      });
    }
    return results;
  });
}

type CardsQuery = ForStudent & { quiz?: string; questions?: number[]; inQueueOnly?: boolean };

/** The student's cards, those due first. */
export async function listCards({ db, userId, quiz, questions, inQueueOnly }: CardsQuery) {
  const rows = await db
    .select(cardColumns)
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.userId, userId),
        quiz === undefined ? undefined : eq(reviewCards.quiz, quiz),
        questions === undefined ? undefined : inArray(reviewCards.question, questions),
        inQueueOnly ? eq(reviewCards.inQueue, true) : undefined,
      ),
    )
    .orderBy(reviewCards.due, reviewCards.quiz, reviewCards.question);
  return rows.map(cardFromRow);
}

/** "N questions to review today", read off the due index. */
export async function countDueToday({ db, userId, now }: ForStudent & { now: Date }) {
  const [row] = await db
    .select({ due: count() })
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.userId, userId),
        eq(reviewCards.inQueue, true),
        lt(reviewCards.due, endOfToday(now)),
      ),
    );
  return row?.due ?? 0;
}
