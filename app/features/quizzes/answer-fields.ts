import type { Choice } from "./scoring";

// Shared by the server's form and the page script (docs/decisions/0039-quiz-results-without-javascript.md),
// so it stays free of zod and of anything else a phone should not download.

/** Question n's drop-down, "Your answer to question n". */
export const dropDownField = (number: number) => `answer-${number}`;

/** Question n's three options, radio buttons sharing one name. */
export const optionField = (number: number) => `option-${number}`;

/**
 * A question's answer from its two controls. The page script keeps them equal; without it they
 * are two fields, and the drop-down wins whenever it holds a letter
 * (docs/decisions/0039-quiz-results-without-javascript.md).
 */
export function answerFrom(dropDown: Choice, option: Choice): Choice {
  return dropDown || option;
}
