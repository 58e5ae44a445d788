import type { StoredAttempt } from "./attempts.server";

/** An attempt as the calls send it: answers as letters, "" for none, and the date as ISO 8601. */
export function attemptJson(attempt: StoredAttempt) {
  return { ...attempt, answeredAt: attempt.answeredAt.toISOString() };
}
