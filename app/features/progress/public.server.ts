export { deleteAttemptsOf, listAttempts } from "./attempts.server";
