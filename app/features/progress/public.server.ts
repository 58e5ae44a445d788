/** What the rest of the app may use from My progress, besides its routes: quiz_attempts is its alone. */
export { deleteAttemptsOf, listAttempts } from "./attempts.server";
