// Browser code: the review queue kept on the phone
// (docs/decisions/0086-the-phone-queue-merges-at-login.md). No FSRS here, so that the quiz
// page and the offline helper stay small; the /review page's script folds the answers.
import { endOfToday } from "./today";

/** An answer not yet sent: a review answer, or a quiz miss kept until the account has it. */
export type PhoneAnswer = {
  id: string;
  quiz: string;
  question: number;
  /** The letter chosen in review; "" for a quiz miss. */
  answer: string;
  correct: boolean;
  source: "quiz" | "review";
  answeredAt: string;
};

/** What /review shows of a question, kept so that it opens offline. */
export type PhoneQuestion = {
  quizTitle: string;
  quizPath: string;
  text: string;
  options: string[];
  answer: string;
  explanation: string;
  /** The quiz page's own drawing, as it was in the page. */
  diagram: string;
};

/** A card as GET /api/review/ gives it. */
export type CardData = {
  quiz: string;
  question: number;
  due: string;
  inQueue: boolean;
  rightInARow: number;
  lastAnsweredAt: string;
  memory: {
    stability: number;
    difficulty: number;
    scheduled_days: number;
    learning_steps: number;
    reps: number;
    lapses: number;
    state: number;
    last_review: string | null;
  };
};

export type PhoneQueue = {
  /** The account's cards, as last read; empty for a student not signed in. */
  cards: Record<string, CardData>;
  answers: PhoneAnswer[];
  questions: Record<string, PhoneQuestion>;
  /** When each question in the queue is due: what the menu and home count. */
  due: Record<string, string>;
};

const PHONE_REVIEW_KEY = "studyzed.review";
/** Questions kept with their text: a few quizzes' worth of misses, well inside the storage. */
const MOST_QUESTIONS = 400;

export const keyOf = (card: { quiz: string; question: number }) => `${card.quiz}:${card.question}`;

export function readQueue(): PhoneQueue {
  const empty: PhoneQueue = { cards: {}, answers: [], questions: {}, due: {} };
  try {
    const stored = JSON.parse(localStorage.getItem(PHONE_REVIEW_KEY) ?? "null") as unknown;
    return stored && typeof stored === "object" ? { ...empty, ...(stored as PhoneQueue) } : empty;
  } catch {
    return empty;
  }
}

export function writeQueue(queue: PhoneQueue): boolean {
  const keys = Object.keys(queue.questions);
  // The oldest texts go first: a question still in the queue is read again from the page.
  for (const key of keys.slice(0, Math.max(0, keys.length - MOST_QUESTIONS)))
    delete queue.questions[key];
  try {
    localStorage.setItem(PHONE_REVIEW_KEY, JSON.stringify(queue));
    return true;
  } catch {
    return false;
  }
}

/** The quiz page's misses join the phone's queue, due at once; the same miss is kept once. */
export function keepQuizMisses(
  misses: { quiz: string; question: number; answeredAt: string; content: PhoneQuestion }[],
) {
  const queue = readQueue();
  const known = new Set(queue.answers.map((answer) => answer.id));
  for (const { quiz, question, answeredAt, content } of misses) {
    const key = keyOf({ quiz, question });
    const id = `quiz.${key}.${answeredAt}`;
    queue.questions[key] = content;
    if (known.has(id)) continue;
    queue.answers.push({
      id,
      quiz,
      question,
      answer: "",
      correct: false,
      source: "quiz",
      answeredAt,
    });
    if (!queue.due[key] || queue.due[key] > answeredAt) queue.due[key] = answeredAt;
  }
  writeQueue(queue);
}

/** How many questions on the phone are due today, by the phone's clock. */
export function dueTodayOnPhone(now = new Date()): number {
  const end = endOfToday(now).toISOString();
  return Object.values(readQueue().due).filter((due) => due < end).length;
}
