export { eczPointsLine, showsEczPoints } from "./ecz-points";
export { LETTERS, quizPath, type Letter, type QuizSlug } from "./quiz-constants";
export {
  isQuizSlug,
  listQuizzes,
  loadQuiz,
  questionCount,
  QUIZ_SLUGS,
  type QuizForPage,
} from "./quizzes.server";
export type { SaveStatus } from "./components/save-status-line";
export { formatPercentage, gradeFor, gradeLine, scoreQuiz, type Choice } from "./scoring";
