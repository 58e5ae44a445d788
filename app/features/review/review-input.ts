import { z } from "zod";
import * as quizzes from "#app/features/quizzes/public.server";

const CLOCK_SKEW_MS = 5 * 60 * 1000;
const MAX_ANSWERS_PER_REQUEST = 100;

const ANSWER_ID = /^[\w-]{16,64}$/;
const ANSWER_ID_RULE = "An answer id is 16 to 64 letters, digits, '-' or '_'.";

/** One answer given in review, as the page and the app send it; `now` is the server's clock. */
function reviewAnswerSchema(now: Date) {
  return z
    .strictObject({
      id: z.string({ error: ANSWER_ID_RULE }).regex(ANSWER_ID, ANSWER_ID_RULE),
      quiz: z.custom<quizzes.QuizSlug>(
        (value) => typeof value === "string" && quizzes.isQuizSlug(value),
        "There is no Brain Booster quiz of that name.",
      ),
      question: z.int({ error: "question must be a whole number from 1." }).min(1, {
        error: "question must be a whole number from 1.",
      }),
      answer: z
        .enum(["", ...quizzes.LETTERS], { error: "answer must be A, B or C, or empty for none." })
        .nullable()
        .transform((letter): quizzes.Choice => letter ?? ""),
      answeredAt: z.iso
        .datetime({ offset: true, error: "answeredAt must be a date and time, as ISO 8601." })
        .transform((text) => new Date(text)),
    })
    .superRefine((answer, context) => {
      const refuse = (field: "question" | "answeredAt", message: string) =>
        context.addIssue({ code: "custom", path: [field], message });
      if (!(answer.answeredAt instanceof Date) || !quizzes.isQuizSlug(answer.quiz)) return;
      const count = quizzes.questionCount(answer.quiz);
      if (answer.question > count)
        refuse("question", `This quiz has ${count} questions: question must be 1 to ${count}.`);
      if (answer.answeredAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
        refuse("answeredAt", "answeredAt is in the future: check the phone's date and time.");
      if (answer.answeredAt.getTime() < Date.UTC(2020, 0, 1))
        refuse("answeredAt", "answeredAt is too long ago.");
    })
    .transform(({ answer, ...rest }) => ({ ...rest, choice: answer }));
}

/** One answer, or a list of 1 to 100. */
export function parseReviewAnswers(body: unknown, now: Date) {
  const one = reviewAnswerSchema(now);
  return Array.isArray(body)
    ? z
        .array(one)
        .min(1, "Send at least one answer.")
        .max(
          MAX_ANSWERS_PER_REQUEST,
          `Send at most ${MAX_ANSWERS_PER_REQUEST} answers in one request.`,
        )
        .safeParse(body)
    : one.transform((answer) => [answer]).safeParse(body);
}

/** A review card's form, posted without JavaScript: answered now, by the server's clock. */
export function parseReviewForm(fields: Record<string, string>, now: Date) {
  const { question, answer, ...rest } = fields;
  return parseReviewAnswers(
    {
      ...rest,
      question: question !== undefined && /^\d{1,3}$/.test(question) ? Number(question) : question,
      answer: answer ?? "",
      answeredAt: now.toISOString(),
    },
    now,
  );
}
