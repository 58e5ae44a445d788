import { z } from "zod";
import { answerFrom, dropDownField, optionField } from "./answer-fields";
import { LETTERS, type Letter } from "./quiz-constants";
import { scoreQuiz, type Choice, type QuizScore } from "./scoring";

export const NOT_A_LETTER = "Each answer must be A, B or C, or left at 'Pick an answer'.";

// Any other field is refused, so a form from another page cannot pass for an attempt.
function quizAnswersSchema(questionCount: number) {
  const numbers = Array.from({ length: questionCount }, (_, index) => index + 1);
  const dropDown = z.enum(["", ...LETTERS], { error: NOT_A_LETTER }).optional();
  const option = z.enum(LETTERS, { error: NOT_A_LETTER }).optional();
  return z
    .strictObject(
      Object.fromEntries(
        numbers.flatMap((number) => [
          [dropDownField(number), dropDown],
          [optionField(number), option],
        ]),
      ),
      {
        error: (issue) =>
          issue.code === "unrecognized_keys"
            ? `This quiz has no field named ${issue.keys.map((key) => `"${key}"`).join(", ")}.`
            : undefined,
      },
    )
    .transform((fields): Choice[] =>
      numbers.map((number) =>
        answerFrom(fields[dropDownField(number)] ?? "", fields[optionField(number)] ?? ""),
      ),
    );
}

export type MarkedQuiz = { choices: Choice[]; score: QuizScore };

export function markPostedAnswers(
  fields: Record<string, string>,
  key: readonly Letter[],
): { success: true; marked: MarkedQuiz } | { success: false; error: string } {
  const parsed = quizAnswersSchema(key.length).safeParse(fields);
  if (!parsed.success) return { success: false, error: parsed.error.issues[0]!.message };
  return { success: true, marked: { choices: parsed.data, score: scoreQuiz(parsed.data, key) } };
}
