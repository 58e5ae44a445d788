import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

type Letter = "A" | "B" | "C";

/** A spec quiz's questions as its content file holds them (content/quizzes/{slug}.json). */
export function quizQuestions(slug: string): { question: string; answer: Letter }[] {
  const content = JSON.parse(readFileSync(`content/quizzes/${slug}.json`, "utf8")) as {
    questions: { question: string; answer: Letter }[];
  };
  return content.questions;
}

/** A spec quiz's key, letter by letter. */
export const answerKey = (slug: string) => quizQuestions(slug).map((question) => question.answer);

const NEXT_LETTER: Record<Letter, Letter> = { A: "B", B: "C", C: "A" };

/** Another of the question's three options: a wrong answer that is still a real choice. */
export function wrongLetter(letter: string): Letter {
  if (letter !== "A" && letter !== "B" && letter !== "C") throw new Error(`${letter} is no option`);
  return NEXT_LETTER[letter];
}

/** The key with its first `missed` answers wrong. */
export const missingFirst = (key: readonly string[], missed: number) =>
  key.map((letter, index) => (index < missed ? wrongLetter(letter) : letter));

/** The spec's drop-downs are one switch away (docs/decisions/0100-one-control-and-marked-options.md). */
export async function showDropDowns(page: Page) {
  await page.getByLabel("Show an A, B, C drop-down under each question").check();
}

/** Picks each question's letter with its drop-down ("" for "Pick an answer"). */
export async function answerWithDropDowns(page: Page, letters: readonly string[]) {
  await showDropDowns(page);
  for (const [index, letter] of letters.entries())
    await page
      .getByLabel(`Your answer to question ${index + 1}`, { exact: true })
      .selectOption(letter);
}
