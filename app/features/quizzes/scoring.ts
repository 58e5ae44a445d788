import type { Letter } from "./quiz-constants";

export type Choice = Letter | "";

export type QuizScore = { correct: boolean[]; score: number; total: number; percentage: number };

export function scoreQuiz(choices: readonly Choice[], key: readonly Letter[]): QuizScore {
  const correct = key.map((letter, index) => choices[index] === letter);
  const score = correct.filter(Boolean).length;
  return {
    correct,
    score,
    total: key.length,
    percentage: key.length === 0 ? 0 : (score / key.length) * 100,
  };
}

export type GradeBand = { text: string; level: number };

// Inclusive at the bottom: 40 is D+, 86 is A+ (docs/requirements.md#brain-booster-quizzes).
const BANDS: readonly (GradeBand & { from: number })[] = [
  { from: 86, text: "A+: First Distinction", level: 8 },
  { from: 75, text: "A: Distinction", level: 7 },
  { from: 68, text: "B+: Meritorious", level: 6 },
  { from: 62, text: "B: Very Satisfactory", level: 5 },
  { from: 56, text: "C+: Definite Pass", level: 4 },
  { from: 50, text: "C: Bare Pass", level: 3 },
  { from: 40, text: "D+: Bare Fail", level: 2 },
  { from: 0, text: "D: Fail", level: 1 },
];

export function gradeFor(percentage: number): GradeBand | "Error" {
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) return "Error";
  const band = BANDS.find((candidate) => percentage >= candidate.from)!;
  return { text: band.text, level: band.level };
}

export function gradeLine(percentage: number): { text: string; className: string } {
  const grade = gradeFor(percentage);
  return grade === "Error"
    ? { text: grade, className: "quiz__grade" }
    : { text: grade.text, className: `quiz__grade grade grade--${grade.level}` };
}

export function formatPercentage(percentage: number): string {
  return `${Number(percentage.toFixed(2))}%`;
}
