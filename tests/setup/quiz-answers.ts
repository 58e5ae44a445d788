import type { Page } from "playwright-core";

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
