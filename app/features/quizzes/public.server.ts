/** What the rest of the app may use from the Brain Booster quizzes, besides its routes. */
export { QUIZ_SLUGS } from "./quiz-constants";
