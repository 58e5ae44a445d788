// Apart from the zod schema, so that the quiz page's script stays small.

/** The spec's ten quizzes, at the top-level addresses the older site used (/cell). */
export const SPEC_QUIZ_QUESTION_COUNTS = {
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

export type SpecQuizSlug = keyof typeof SPEC_QUIZ_QUESTION_COUNTS;
export const SPEC_QUIZ_SLUGS = Object.keys(SPEC_QUIZ_QUESTION_COUNTS) as SpecQuizSlug[];

export function isSpecQuizSlug(value: string): value is SpecQuizSlug {
  return Object.hasOwn(SPEC_QUIZ_QUESTION_COUNTS, value);
}

export const SUBJECTS = ["biology", "chemistry", "physics", "mathematics", "english"] as const;
export type Subject = (typeof SUBJECTS)[number];

/**
 * A topic's Brain Booster (content/quizzes/README.md): named by its subject and topic, with
 * hyphens, so no slug can be one of the spec's, which use underscores.
 */
export type TopicQuizSlug = `${Subject}-${string}`;
export const TOPIC_QUIZ_SLUG = new RegExp(`^(${SUBJECTS.join("|")})(-[a-z\\d]+)+$`);
export const TOPIC_QUIZ_QUESTION_COUNT = 10;

export type QuizSlug = SpecQuizSlug | TopicQuizSlug;

/**
 * Where a quiz is: a topic's under /quizzes/, the spec's at the top level. The hyphen tells
 * them apart, so page scripts need no list of quizzes.
 */
export function quizPath(slug: string): string {
  return TOPIC_QUIZ_SLUG.test(slug) ? `/quizzes/${slug}` : `/${slug}`;
}

export const QUIZ_LEVELS = ["Grade 10", "Grade 11", "Grade 12", "Second-year medicine"] as const;
export type QuizLevel = (typeof QUIZ_LEVELS)[number];

export const LETTERS = ["A", "B", "C"] as const;
export type Letter = (typeof LETTERS)[number];
