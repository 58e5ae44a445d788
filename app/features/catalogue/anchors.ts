const GRADE_NUMBERS: Record<string, string> = { Ten: "10", Eleven: "11", Twelve: "12" };

/** "Eleven" is "grade-11", English's "Ten - Twelve" is "grade-10-12". */
export function gradeAnchor(grade: string): string {
  const parts = grade
    .split("-")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => GRADE_NUMBERS[part] ?? part.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
  return `grade-${parts.join("-") || "other"}`;
}

export function yearAnchor(year: number): string {
  return `year-${year}`;
}
