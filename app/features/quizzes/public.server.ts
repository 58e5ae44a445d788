export { eczPointsLine, showsEczPoints } from "./ecz-points";
export {
  isQuizSlug,
  LETTERS,
  QUIZ_QUESTION_COUNTS,
  QUIZ_SLUGS,
  type Letter,
  type QuizSlug,
} from "./quiz-constants";
export { listQuizzes, loadQuiz, type QuizForPage } from "./quizzes.server";
export type { SaveStatus } from "./components/save-status-line";
export { formatPercentage, gradeFor, gradeLine, scoreQuiz, type Choice } from "./scoring";
