export { deleteAttemptsOf, listAttempts, type StoredAttempt } from "./attempts.server";
