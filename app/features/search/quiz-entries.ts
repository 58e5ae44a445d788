import type { QuizForPage } from "#app/features/quizzes/public.server";

/** A search entry as written: the columns of search_entries that are not worked out by the database. */
export type SearchEntryRow = {
  key: string;
  kind: string;
  title: string;
  place: string;
  summary: string;
  terms: string;
  body: string;
  href: string;
  boost: number;
};

/** The ways a student writes a quiz's level ("grade 11", "g11", "medicine"). */
function levelTerms(level: QuizForPage["level"]): string {
  const grade = /^Grade (\d+)$/.exec(level)?.[1];
  return grade ? `grade ${grade} g${grade}` : "medical medicine second year";
}

/**
 * A quiz and each of its questions, as search finds them. A question's entry never shows its
 * answer: the summary is its options, so a search does not spoil the quiz.
 */
export function quizSearchEntries(quiz: QuizForPage): SearchEntryRow[] {
  const quizEntry: SearchEntryRow = {
    key: `quiz:${quiz.slug}`,
    kind: "quiz",
    title: quiz.title,
    place: `Brain Booster · ${quiz.level}`,
    summary: quiz.description,
    terms: `brain booster quiz test ${levelTerms(quiz.level)}`,
    body: quiz.questions.map((question) => question.question).join(" "),
    href: `/${quiz.slug}`,
    boost: 0.4,
  };
  const questionEntries = quiz.questions.map((question, index): SearchEntryRow => ({
    key: `question:${quiz.slug}:${index + 1}`,
    kind: "question",
    title: question.question,
    place: `Brain Booster · ${quiz.title} · Question ${index + 1}`,
    summary: question.options.map((option, at) => `${"ABC"[at]}. ${option}`).join("  "),
    terms: `quiz question ${levelTerms(quiz.level)}`,
    body: [...question.options, question.explanation].join(" "),
    href: `/${quiz.slug}#question-${index + 1}`,
    boost: 0,
  }));
  return [quizEntry, ...questionEntries];
}
