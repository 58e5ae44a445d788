import type { QuizLevel } from "./quiz-constants";

type EczDescription = "Distinction" | "Merit" | "Credit" | "Satisfactory" | "Unsatisfactory";
export type EczPoints = { points: number; description: EczDescription };

// 74.5% is 2, not 1 (docs/decisions/0043-ecz-points-beside-the-band.md).
const SCALE: readonly (EczPoints & { from: number })[] = [
  { from: 75, points: 1, description: "Distinction" },
  { from: 70, points: 2, description: "Distinction" },
  { from: 65, points: 3, description: "Merit" },
  { from: 60, points: 4, description: "Merit" },
  { from: 55, points: 5, description: "Credit" },
  { from: 50, points: 6, description: "Credit" },
  { from: 45, points: 7, description: "Satisfactory" },
  { from: 40, points: 8, description: "Satisfactory" },
  { from: 0, points: 9, description: "Unsatisfactory" },
];

export function eczPointsFor(percentage: number): EczPoints | null {
  if (!Number.isFinite(percentage) || percentage < 0 || percentage > 100) return null;
  const step = SCALE.find((candidate) => percentage >= candidate.from)!;
  return { points: step.points, description: step.description };
}

// ECZ grades school certificates only: medicine keeps the band alone.
export function showsEczPoints(level: QuizLevel): boolean {
  return level === "Grade 10" || level === "Grade 11" || level === "Grade 12";
}

export function eczPointsLine(percentage: number): string {
  const ecz = eczPointsFor(percentage);
  return ecz ? `ECZ points: ${ecz.points} (${ecz.description})` : "ECZ points: Error";
}
