import type { Letter } from "#app/features/quizzes/public.server";
import { gradeFor, scoreQuiz, type Choice } from "#app/features/quizzes/public.server";

export type AttemptMarks = { score: number; total: number; percentage: number; grade: string };

/** An attempt's marks, worked out from the stored key as the quiz screen does. */
export function markAttempt(choices: readonly Choice[], key: readonly Letter[]): AttemptMarks {
  const { score, total, percentage } = scoreQuiz(choices, key);
  const grade = gradeFor(percentage);
  return { score, total, percentage, grade: grade === "Error" ? grade : grade.text };
}

export type OftenWrong = { question: number; wrong: number; attempts: number };

/**
 * The questions a student gets wrong most often across attempts at one quiz, most first
 * (ties: the earlier question first); a question never wrong is left out.
 */
export function mostOftenWrong(
  attempts: readonly (readonly Choice[])[],
  key: readonly Letter[],
  limit = 3,
): OftenWrong[] {
  const wrong = key.map(() => 0);
  for (const choices of attempts) {
    key.forEach((letter, index) => {
      if (choices[index] !== letter) wrong[index]! += 1;
    });
  }
  return wrong
    .map((count, index) => ({ question: index + 1, wrong: count, attempts: attempts.length }))
    .filter((entry) => entry.wrong > 0)
    .sort((a, b) => b.wrong - a.wrong || a.question - b.question)
    .slice(0, limit);
}
