import type { Page } from "playwright-core";

/**
 * The spec's total as a student reads it, "You got: n/N", the percentage and the grade line,
 * without the ECZ points some quizzes add under it (docs/decisions/0043-ecz-points-beside-the-band.md).
 */
export function specTotal(page: Page): Promise<string> {
  return page
    .locator(".quiz__total")
    .evaluate((total) =>
      [...total.querySelectorAll("p:not(.quiz__ecz):not(.quiz__ecz-note)")]
        .map((line) => line.textContent)
        .join(""),
    );
}
