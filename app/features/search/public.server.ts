/** What the rest of the app may use from search, besides its route: the search tables are this feature's alone. */
export { indexPagesAndQuizzes } from "./index-pages-and-quizzes.server";
