import { loadQuiz, quizPath, type QuizSlug } from "#app/features/quizzes/public.server";
import { listCards, type ForStudent } from "./queue.server";
import { isDueToday, nextDue, todaysSession, type QueueCard } from "./schedule";

/** A card with what the page shows of its question: the key and explanation are in the page. */
export async function questionOf(card: Pick<QueueCard, "quiz" | "question">) {
  const quiz = await loadQuiz(card.quiz as QuizSlug);
  const question = quiz.questions[card.question - 1]!;
  return {
    quiz: quiz.slug,
    quizTitle: quiz.title,
    quizPath: quizPath(quiz.slug),
    number: card.question,
    text: question.question,
    options: question.options,
    answer: question.answer,
    explanation: question.explanation,
    diagram: question.diagram,
  };
}

export type ReviewQuestion = Awaited<ReturnType<typeof questionOf>>;

/** Today's session for /review: at most ten due questions, how many are due, and when the next are. */
export async function reviewSession({ db, userId, now }: ForStudent & { now: Date }) {
  const cards = await listCards({ db, userId, inQueueOnly: true });
  const session = todaysSession(cards, now);
  return {
    dueToday: cards.filter((card) => isDueToday(card, now)).length,
    inQueue: cards.length,
    next: nextDue(cards, now),
    questions: await Promise.all(
      session.map(async (card) => ({ ...(await questionOf(card)), due: card.due })),
    ),
  };
}

/** A card as the app and the page script read it: dates as ISO 8601. */
export function cardJson(card: QueueCard) {
  const { last_review: lastReview, ...memory } = card.memory;
  return {
    quiz: card.quiz,
    question: card.question,
    due: card.due.toISOString(),
    inQueue: card.inQueue,
    rightInARow: card.rightInARow,
    lastAnsweredAt: card.lastAnsweredAt.toISOString(),
    memory: { ...memory, last_review: lastReview ? lastReview.toISOString() : null },
  };
}

/** GET /api/review/: today's session with each question's content, and every card in the queue. */
export async function reviewJson({ db, userId, now }: ForStudent & { now: Date }) {
  const cards = await listCards({ db, userId, inQueueOnly: true });
  const session = todaysSession(cards, now);
  const next = nextDue(cards, now);
  return {
    dueToday: cards.filter((card) => isDueToday(card, now)).length,
    next: next && { day: next.day.toISOString(), count: next.count },
    session: await Promise.all(
      session.map(async (card) => ({ ...(await questionOf(card)), due: card.due.toISOString() })),
    ),
    cards: cards.map(cardJson),
  };
}
