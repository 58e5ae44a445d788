// Apart from the zod schema, so that the quiz page's script stays small.

export const QUIZ_QUESTION_COUNTS = {
  introduction_to_biology: 10,
  introduction_to_physics: 10,
  introduction_to_mathematics: 10,
  introduction_to_chemistry: 10,
  cell: 10,
  separation_techniques: 10,
  enzymes: 10,
  introduction_to_pathology: 20,
  introduction_to_physiology: 11,
  the_cell: 11,
} as const;

export type QuizSlug = keyof typeof QUIZ_QUESTION_COUNTS;
export const QUIZ_SLUGS = Object.keys(QUIZ_QUESTION_COUNTS) as QuizSlug[];

export function isQuizSlug(value: string): value is QuizSlug {
  return Object.hasOwn(QUIZ_QUESTION_COUNTS, value);
}

export const QUIZ_LEVELS = ["Grade 10", "Grade 11", "Grade 12", "Second-year medicine"] as const;
export type QuizLevel = (typeof QUIZ_LEVELS)[number];

export const LETTERS = ["A", "B", "C"] as const;
export type Letter = (typeof LETTERS)[number];
