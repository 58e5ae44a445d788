import { QUIZ_LEVELS, SUBJECTS, type Subject } from "./quiz-constants";
import type { listQuizzes } from "./quizzes.server";

export type QuizSummary = Awaited<ReturnType<typeof listQuizzes>>[number];

const SUBJECT_NAMES: Record<Subject, string> = {
  biology: "Biology",
  chemistry: "Chemistry",
  physics: "Physics",
  mathematics: "Mathematics",
  english: "English",
};

function groupByLevel(quizzes: readonly QuizSummary[]) {
  return QUIZ_LEVELS.map((level) => ({
    level,
    quizzes: quizzes.filter((quiz) => quiz.level === level),
  })).filter((group) => group.quizzes.length > 0);
}

/** The subjects in the subject pages' order, each by grade; then the quizzes of no subject. */
export function groupQuizzes(quizzes: readonly QuizSummary[]) {
  return [
    ...SUBJECTS.map((subject) => ({
      name: SUBJECT_NAMES[subject],
      levels: groupByLevel(quizzes.filter((quiz) => quiz.subject === subject)),
    })),
    { name: "Medicine", levels: groupByLevel(quizzes.filter((quiz) => quiz.subject === null)) },
  ].filter((group) => group.levels.length > 0);
}
