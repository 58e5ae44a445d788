import { QUIZ_LEVELS, type QuizLevel, type QuizSlug } from "./quiz-constants";

export type QuizSummary = {
  slug: QuizSlug;
  title: string;
  level: QuizLevel;
  questionCount: number;
};

export function groupQuizzesByLevel(
  quizzes: readonly QuizSummary[],
): { level: QuizLevel; quizzes: QuizSummary[] }[] {
  return QUIZ_LEVELS.map((level) => ({
    level,
    quizzes: quizzes.filter((quiz) => quiz.level === level),
  })).filter((group) => group.quizzes.length > 0);
}
