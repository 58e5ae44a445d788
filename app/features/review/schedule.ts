// Pure and browser-safe: the server and the /review page's script fold answers the same way
// (docs/decisions/0084-review-queue-scheduled-by-fsrs.md).
import { createEmptyCard, fsrs, Rating, type Card } from "ts-fsrs";
import { endOfToday } from "./today";

/** Right answers in a row, in review, after which a question leaves the queue. */
export const RIGHT_IN_A_ROW_TO_LEAVE = 3;
/** Questions in one review session. */
export const SESSION_SIZE = 10;

/**
 * Whole days only: a review is a daily session on a phone, not a drill of minutes, so the
 * short-term learning steps are off. No fuzz, so that two phones and the server agree.
 */
const scheduler = fsrs({ enable_short_term: false, enable_fuzz: false });

/** One answer to one question: a miss in a quiz, or an answer given in review. */
export type ReviewAnswer = {
  /** Unique per student: the phone's id for a review answer, "{attempt}.{n}" for a quiz miss. */
  id: string;
  quiz: string;
  /** 1-based, as the quiz page numbers its questions. */
  question: number;
  correct: boolean;
  source: "quiz" | "review";
  answeredAt: Date;
};

export type QueueCard = {
  quiz: string;
  question: number;
  /** When it is next due; meaningful while `inQueue`. */
  due: Date;
  inQueue: boolean;
  /** Right answers in review since the last wrong one. */
  rightInARow: number;
  /** The answer applied last: a later answer from any phone comes after it. */
  lastAnsweredAt: Date;
  memory: Omit<Card, "due" | "elapsed_days">;
};

const cardKey = (card: { quiz: string; question: number }) => `${card.quiz}:${card.question}`;

function rate(card: QueueCard, correct: boolean, at: Date): QueueCard {
  const { card: next } = scheduler.next(
    { ...card.memory, due: card.due, elapsed_days: 0 },
    at,
    correct ? Rating.Good : Rating.Again,
  );
  const { due, elapsed_days: _elapsed, ...memory } = next;
  return { ...card, due, memory };
}

/**
 * One answer on top of a question's card (null: the question was never missed). A miss puts
 * a question in the queue, due at once; a reviewed card answered wrong is rated Again.
 */
export function applyAnswer(card: QueueCard | null, answer: ReviewAnswer): QueueCard | null {
  const at = answer.answeredAt;
  if (!card) {
    if (answer.correct) return null;
    const { due: _due, elapsed_days: _elapsed, ...memory } = createEmptyCard(at);
    const { quiz, question } = answer;
    return { quiz, question, due: at, inQueue: true, rightInARow: 0, lastAnsweredAt: at, memory };
  }
  const answered = { ...card, lastAnsweredAt: at };
  if (!card.inQueue) {
    // A question that left comes back, due at once, when it is missed again.
    if (answer.correct) return answered;
    const lapsed = card.memory.reps > 0 ? rate(answered, false, at) : answered;
    return { ...lapsed, due: at, inQueue: true, rightInARow: 0 };
  }
  if (!answer.correct) {
    // Already due and never reviewed: a quiz miss adds nothing the queue does not know.
    if (answer.source === "quiz" && card.memory.reps === 0) return { ...answered, rightInARow: 0 };
    return { ...rate(answered, false, at), rightInARow: 0 };
  }
  // Right in a quiz is not a review: only the review session spaces a question out.
  if (answer.source === "quiz") return answered;
  const rightInARow = card.rightInARow + 1;
  return {
    ...rate(answered, true, at),
    rightInARow,
    inQueue: rightInARow < RIGHT_IN_A_ROW_TO_LEAVE,
  };
}

/**
 * Answers are applied in the order they were given, so the last one answered decides; at the
 * same moment a quiz's miss comes first, since it is what put the question in the queue.
 */
function byAnswerTime(a: ReviewAnswer, b: ReviewAnswer): number {
  const source = (answer: ReviewAnswer) => (answer.source === "quiz" ? 0 : 1);
  return (
    a.answeredAt.getTime() - b.answeredAt.getTime() ||
    source(a) - source(b) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * A question's card from its answers, whichever phones they came from and in whatever order
 * they arrived: an id seen twice counts once.
 */
export function cardFromAnswers(
  answers: readonly ReviewAnswer[],
  start: QueueCard | null = null,
): QueueCard | null {
  const seen = new Set<string>();
  let card = start;
  for (const answer of [...answers].sort(byAnswerTime)) {
    if (seen.has(answer.id)) continue;
    seen.add(answer.id);
    // A card carried from the server already holds every answer up to its last.
    if (start && answer.answeredAt.getTime() <= start.lastAnsweredAt.getTime()) continue;
    card = applyAnswer(card, answer);
  }
  return card;
}

/** Answers from two places, each id once; on a clash the first list's copy is kept. */
export function mergeAnswers(
  first: readonly ReviewAnswer[],
  second: readonly ReviewAnswer[],
): ReviewAnswer[] {
  const byId = new Map<string, ReviewAnswer>();
  for (const answer of [...second, ...first]) byId.set(answer.id, answer);
  return [...byId.values()].sort(byAnswerTime);
}

export function isDueToday(card: QueueCard, now: Date): boolean {
  return card.inQueue && card.due.getTime() < endOfToday(now).getTime();
}

/** Today's session: the longest-waiting due questions first, at most SESSION_SIZE. */
export function todaysSession<T extends QueueCard>(cards: readonly T[], now: Date): T[] {
  return cards
    .filter((card) => isDueToday(card, now))
    .sort((a, b) => a.due.getTime() - b.due.getTime() || cardKey(a).localeCompare(cardKey(b)))
    .slice(0, SESSION_SIZE);
}

/** When the next questions not due today are due, and how many fall on that day. */
export function nextDue(
  cards: readonly QueueCard[],
  now: Date,
): { day: Date; count: number } | null {
  const later = cards.filter((card) => card.inQueue && !isDueToday(card, now));
  if (later.length === 0) return null;
  const first = later.reduce((a, b) => (b.due < a.due ? b : a)).due;
  const dayEnd = endOfToday(first).getTime();
  return { day: first, count: later.filter((card) => card.due.getTime() < dayEnd).length };
}
