import type { Letter } from "./quiz-constants";

/** A question's answer as chosen: a letter, or nothing yet ('Pick an answer'). */
export type Choice = Letter | "";

export type QuizScore = {
  /** Per question: right or not (an unanswered question is wrong). */
  correct: boolean[];
  score: number;
  total: number;
  /** score / total × 100, unrounded. */
  percentage: number;
};

/** One mark for each chosen letter that equals the key's (docs/requirements.md, "Marking"). */
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

export type GradeBand = {
  text: string;
  /** 1 (lowest) to 8 (highest): drives colour and size. */ level: number;
};

/** The grade bands, inclusive at the bottom: 40 is D+, 86 is A+ (docs/requirements.md, "Brain Booster quizzes"). */
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

/** The grade band of a percentage, or "Error" outside 0 to 100. */
export function gradeFor(percentage: number): GradeBand | "Error" {
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) return "Error";
  const band = BANDS.find((candidate) => percentage >= candidate.from)!;
  return { text: band.text, level: band.level };
}

/**
 * The grade as its line shows it: the band's text with classes that set its colour and size,
 * or plain "Error". The server's page and the page script both draw it from here.
 */
export function gradeLine(percentage: number): { text: string; className: string } {
  const grade = gradeFor(percentage);
  return grade === "Error"
    ? { text: grade, className: "quiz__grade" }
    : { text: grade.text, className: `quiz__grade grade grade--${grade.level}` };
}

/** "63.64%": two decimals at most, as a student reads it. */
export function formatPercentage(percentage: number): string {
  return `${Number(percentage.toFixed(2))}%`;
}
