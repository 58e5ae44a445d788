import type { MaterialView } from "./queries.server";

type TopicCard = {
  booklet: MaterialView;
  practiceTest?: MaterialView;
  answers?: MaterialView;
};
export type GradeSection = { grade: string; topics: TopicCard[] };
export type YearGroup = { year: number; papers: MaterialView[] };

export function groupTopicsByGrade(materials: readonly MaterialView[]): GradeSection[] {
  const byGrade = new Map<string, TopicCard[]>();
  const cards = new Map<string, TopicCard>();
  for (const material of materials) {
    if (material.kind !== "topic_booklet") continue;
    const card: TopicCard = { booklet: material };
    cards.set(material.key, card);
    const grade = material.grade ?? "";
    byGrade.set(grade, [...(byGrade.get(grade) ?? []), card]);
  }
  for (const material of materials) {
    const card = material.topicKey ? cards.get(material.topicKey) : undefined;
    if (!card) continue;
    if (material.kind === "practice_test") card.practiceTest = material;
    if (material.kind === "practice_test_answers") card.answers = material;
  }
  return [...byGrade].map(([grade, topics]) => ({ grade, topics }));
}

export function groupPapersByYear(materials: readonly MaterialView[]): YearGroup[] {
  const papers = materials.filter((material) => material.kind === "past_paper");
  const years = [...new Set(papers.flatMap((paper) => paper.year ?? []))].sort((a, b) => b - a);
  return years.map((year) => ({ year, papers: papers.filter((paper) => paper.year === year) }));
}

/** "introduction_to_physiology" → "Introduction to Physiology". */
export function quizTitle(slug: string): string {
  return slug
    .split("_")
    .map((word, index) =>
      index > 0 && ["to", "of", "and", "the"].includes(word)
        ? word
        : word[0]!.toUpperCase() + word.slice(1),
    )
    .join(" ");
}

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
