import { z } from "zod";
import * as quizzes from "#app/features/quizzes/public.server";

const CLOCK_SKEW_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS_PER_REQUEST = 100;

export const ATTEMPT_ID = /^[\w-]{16,64}$/;
const ATTEMPT_ID_RULE = "An attempt id is 16 to 64 letters, digits, '-' or '_'.";

// Marks are never read from the client: the server works them out from the stored key.
export const AttemptInputSchema = z
  .strictObject({
    id: z.string({ error: ATTEMPT_ID_RULE }).regex(ATTEMPT_ID, ATTEMPT_ID_RULE),
    quiz: z.custom<quizzes.QuizSlug>(
      (value) => typeof value === "string" && quizzes.isQuizSlug(value),
      "There is no Brain Booster quiz of that name.",
    ),
    answers: z
      .array(
        z
          .enum(["", ...quizzes.LETTERS], {
            error: "Each answer must be A, B or C, or empty for none.",
          })
          .nullable()
          .transform((letter): quizzes.Choice => letter ?? ""),
        { error: "answers must be a list with one entry per question." },
      )
      .max(50, "answers must have one entry per question."),
    answeredAt: z.iso
      .datetime({ offset: true, error: "answeredAt must be a date and time, as ISO 8601." })
      .transform((text) => new Date(text)),
    // The app may send the marks it showed: accepted and ignored.
    score: z.unknown().optional(),
    total: z.unknown().optional(),
    percentage: z.unknown().optional(),
    grade: z.unknown().optional(),
    revision: z
      .int({ error: "revision must be a whole number from 0." })
      .min(0, "revision must be a whole number from 0.")
      .max(1_000_000, "revision is too large.")
      .default(0),
  })
  .superRefine((attempt, context) => {
    const refuse = (field: "answers" | "answeredAt", message: string) =>
      context.addIssue({ code: "custom", path: [field], message });
    // A field already refused has said what is wrong with it.
    if (!(attempt.answeredAt instanceof Date) || !quizzes.isQuizSlug(attempt.quiz)) return;
    const expected = quizzes.questionCount(attempt.quiz);
    const sent = attempt.answers.length;
    if (sent !== expected)
      refuse(
        "answers",
        `This quiz has ${expected} questions: send ${expected} answers, not ${sent}.`,
      );
    if (attempt.answeredAt.getTime() > Date.now() + CLOCK_SKEW_MS)
      refuse("answeredAt", "answeredAt is in the future: check the phone's date and time.");
    if (attempt.answeredAt.getTime() < Date.UTC(2020, 0, 1))
      refuse("answeredAt", "answeredAt is too long ago.");
  });

export type AttemptInput = z.output<typeof AttemptInputSchema>;

const AttemptListSchema = z
  .array(AttemptInputSchema)
  .min(1, "Send at least one attempt.")
  .max(
    MAX_ATTEMPTS_PER_REQUEST,
    `Send at most ${MAX_ATTEMPTS_PER_REQUEST} attempts in one request.`,
  );

export function parseAttempts(body: unknown) {
  return Array.isArray(body)
    ? AttemptListSchema.safeParse(body)
    : AttemptInputSchema.transform((attempt) => [attempt]).safeParse(body);
}
