// What the My progress pages show, as the server works it out
// (app/features/progress/progress-pages.server.ts) and the components draw it.
import type { Choice, Letter, QuizForPage, QuizSlug } from "#app/features/quizzes/public.server";

/** How many of one quiz's attempts its page lists: enough to see a trend, light on a phone. */
export const HISTORY_SHOWN = 50;
export type QuizLevel = QuizForPage["level"];

/** One result as My progress writes it: "7/10", "70%", the grade band, and ECZ points where they apply. */
export type ResultText = {
  marks: string;
  percentage: string;
  grade: { text: string; className: string };
  /** "ECZ points: 2 (Distinction)" for Grade 10–12 quizzes; medicine keeps the band alone. */
  ecz: string | null;
};

export type QuizTried = {
  slug: QuizSlug;
  title: string;
  level: QuizLevel;
  attempts: number;
  best: ResultText;
  latest: ResultText & { day: string };
};

type OftenWrongQuestion = {
  number: number;
  text: string;
  wrong: number;
  attempts: number;
  answer: Letter;
  answerText: string;
  explanation: string;
};

export type QuizHistory = {
  quiz: { slug: QuizSlug; title: string; level: QuizLevel };
  /** Attempts read: all of them, up to HISTORY_READ. */
  attemptCount: number;
  /** The latest HISTORY_SHOWN, newest first. */
  attempts: (ResultText & { id: string; day: string })[];
  oftenWrong: OftenWrongQuestion[];
};

type ReviewedQuestion = {
  number: number;
  text: string;
  diagram: QuizForPage["questions"][number]["diagram"];
  chosen: Choice;
  chosenText: string;
  correct: boolean;
  answer: Letter;
  answerText: string;
  explanation: string;
};

export type AttemptReview = {
  quiz: { slug: QuizSlug; title: string; level: QuizLevel };
  day: string;
  result: ResultText;
  questions: ReviewedQuestion[];
};
