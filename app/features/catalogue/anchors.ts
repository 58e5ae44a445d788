const GRADE_NUMBERS: Record<string, string> = { Ten: "10", Eleven: "11", Twelve: "12" };

/**
 * The id of a grade's heading, for jump links that work without JavaScript: "Eleven" is
 * "grade-11" and English's single "Ten - Twelve" is "grade-10-12" (docs/requirements.md,
 * "Subject pages").
 */
export function gradeAnchor(grade: string): string {
  const parts = grade
    .split("-")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => GRADE_NUMBERS[part] ?? part.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  return `grade-${parts.join("-") || "other"}`;
}

/** The id of a year's heading on a past-paper page: 2019 is "year-2019". */
export function yearAnchor(year: number): string {
  return `year-${year}`;
}
