import { QUIZ_LEVELS } from "./quiz-constants";
import type { listQuizzes } from "./quizzes.server";

export type QuizSummary = Awaited<ReturnType<typeof listQuizzes>>[number];

export function groupQuizzesByLevel(quizzes: readonly QuizSummary[]) {
  return QUIZ_LEVELS.map((level) => ({
    level,
    quizzes: quizzes.filter((quiz) => quiz.level === level),
  })).filter((group) => group.quizzes.length > 0);
}
