import type { StoredAttempt } from "./attempts.server";

export function attemptJson(attempt: StoredAttempt) {
  return { ...attempt, answeredAt: attempt.answeredAt.toISOString() };
}
