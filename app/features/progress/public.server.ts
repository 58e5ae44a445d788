export {
  deleteAttemptsOf,
  listAttempts,
  listAttemptsOfStudents,
  type StoredAttempt,
} from "./attempts.server";
