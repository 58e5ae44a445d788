export { indexPagesAndQuizzes } from "./index-pages-and-quizzes.server";
