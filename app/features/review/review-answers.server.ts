import type { z } from "zod";
import { describeIssues } from "#app/lib/validation";
import {
  ReviewQuestionNotFoundError,
  saveReviewAnswers,
  TooManyReviewAnswersError,
  type ForStudent,
  type ReviewAnswerInput,
  type SavedReviewAnswer,
} from "./queue.server";

export type ReviewAnswersOutcome =
  | { outcome: "saved"; saved: SavedReviewAnswer[] }
  | { outcome: "invalid"; error: string; fields: Record<string, string> }
  | { outcome: "not-found"; error: string }
  | { outcome: "throttled"; error: string; retryAfterSeconds: number };

/** The page's form and the app's JSON alike: each refusal names the problem. */
export async function answerReview(
  student: ForStudent,
  parsed: z.ZodSafeParseResult<ReviewAnswerInput[]>,
): Promise<ReviewAnswersOutcome> {
  if (!parsed.success) return { outcome: "invalid", ...describeIssues(parsed.error) };
  try {
    return {
      outcome: "saved",
      saved: await saveReviewAnswers({ ...student, answers: parsed.data }),
    };
  } catch (error) {
    if (error instanceof ReviewQuestionNotFoundError)
      return { outcome: "not-found", error: error.message };
    if (error instanceof TooManyReviewAnswersError)
      return {
        outcome: "throttled",
        error: `${error.message} Try again tomorrow.`,
        retryAfterSeconds: 3600,
      };
    throw error;
  }
}
