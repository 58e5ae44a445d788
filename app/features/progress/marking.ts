import { gradeFor, scoreQuiz, type Choice, type Letter } from "#app/features/quizzes/public.server";

export function markAttempt(choices: readonly Choice[], key: readonly Letter[]) {
  const { score, total, percentage } = scoreQuiz(choices, key);
  const grade = gradeFor(percentage);
  return { score, total, percentage, grade: grade === "Error" ? grade : grade.text };
}

export function mostOftenWrong(
  attempts: readonly (readonly Choice[])[],
  key: readonly Letter[],
  limit = 3,
) {
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

export function answersToText(choices: readonly Choice[]): string {
  return choices.map((choice) => choice || "-").join("");
}

export function answersFromText(text: string): Choice[] {
  return [...text].map((character) => (character === "-" ? "" : (character as Choice)));
}
