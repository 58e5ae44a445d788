import type { Choice } from "#app/features/quizzes/public.server";

/** How an attempt's answers are stored: one character each, "-" where none was chosen. */
export function answersToText(choices: readonly Choice[]): string {
  return choices.map((choice) => choice || "-").join("");
}

export function answersFromText(text: string): Choice[] {
  return [...text].map((character) => (character === "-" ? "" : (character as Choice)));
}
