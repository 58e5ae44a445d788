import { createHash } from "node:crypto";
import type { Database } from "#database/client.server";
import { sessionIdFrom, sessionUserFrom } from "#app/features/accounts/public.server";
import type { Choice, QuizSlug, SaveStatus } from "#app/features/quizzes/public.server";
import type { Logger } from "#app/lib/logger";
import { saveAttempts, TooManyAttemptsError } from "./attempts.server";

// One id per session, quiz and answers, so a reload saves nothing new; the hash hides the session.
export function postedAttemptId(sessionId: string, quiz: QuizSlug, answers: readonly Choice[]) {
  return createHash("sha256")
    .update(JSON.stringify(["quiz-page-attempt", sessionId, quiz, answers]))
    .digest("base64url");
}

type PostedAttempt = {
  db: Database;
  logger: Logger;
  cookieHeader: string | null;
  https: boolean;
  quiz: QuizSlug;
  answers: Choice[];
};

/** Never throws: the results show whatever happens here. */
export async function savePostedAttempt(posted: PostedAttempt): Promise<SaveStatus> {
  const { db, logger, cookieHeader, https, quiz, answers } = posted;
  const sessionId = sessionIdFrom(cookieHeader, https);
  if (!sessionId) return { save: "log-in" };
  try {
    const user = await sessionUserFrom({ db, cookieHeader, https });
    if (!user) return { save: "log-in" };
    const id = postedAttemptId(sessionId, quiz, answers);
    const [saved] = await saveAttempts({
      db,
      userId: user.id,
      attempts: [{ id, quiz, answers, answeredAt: new Date(), revision: 0 }],
    });
    return { save: "saved", attemptId: id, answeredAt: saved!.attempt.answeredAt.toISOString() };
  } catch (error) {
    // A day's limit reached is the student's doing, not the site's fault.
    if (!(error instanceof TooManyAttemptsError))
      logger.error({ err: error, quiz }, "a quiz attempt posted from its page was not saved");
    return { save: "not-saved" };
  }
}
