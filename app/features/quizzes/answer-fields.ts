// Shared with the page script, so free of zod.
import type { Choice } from "./scoring";

export const dropDownField = (number: number) => `answer-${number}`;
export const optionField = (number: number) => `option-${number}`;

/** Without the page script keeping them equal, the drop-down wins when it holds a letter. */
export function answerFrom(dropDown: Choice, option: Choice): Choice {
  return dropDown || option;
}
