import { and, getTableColumns, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { searchEntries } from "#database/schema";
import { quizSubtopicsOf, type CatalogueContent } from "#app/features/catalogue/public.server";
import {
  QUIZ_SLUGS,
  loadQuiz,
  quizPath,
  type QuizForPage,
} from "#app/features/quizzes/public.server";
import { jsonEqual } from "#app/lib/json-equal";
import { SITE_SECTIONS } from "./site-pages";

const { materialId: _materialId, ...writtenColumns } = getTableColumns(searchEntries);
type SearchEntryRow = Required<Omit<typeof searchEntries.$inferInsert, "materialId">>;

/** The kinds of entry written from code and files rather than by the database's triggers. */
const FILE_KINDS = ["page", "quiz", "question"];

/** "grade 11", "g11", "medicine": the ways a student writes a quiz's level. */
function levelTerms(level: QuizForPage["level"]): string {
  const grade = /^Grade (\d+)$/.exec(level)?.[1];
  return grade ? `grade ${grade} g${grade}` : "medical medicine second year";
}

/**
 * A topic's quiz is found by that topic's subtopics, as its booklet is. A question's summary is
 * its options, never its answer: a search must not spoil the quiz.
 */
export function quizSearchEntries(
  quiz: QuizForPage,
  subtopics: readonly string[] = [],
): SearchEntryRow[] {
  const quizEntry: SearchEntryRow = {
    key: `quiz:${quiz.slug}`,
    kind: "quiz",
    title: quiz.title,
    place: `Brain Booster · ${quiz.level}`,
    summary: quiz.description,
    terms: ["brain booster quiz test", levelTerms(quiz.level), ...subtopics].join(" "),
    body: quiz.questions.map((question) => question.question).join(" "),
    href: quizPath(quiz.slug),
    // Below its booklet's 0.4, which has the same subtopics
    // (docs/decisions/0083-a-quiz-takes-its-topics-subtopics.md).
    boost: 0.3,
  };
  const questionEntries = quiz.questions.map((question, index): SearchEntryRow => ({
    key: `question:${quiz.slug}:${index + 1}`,
    kind: "question",
    title: question.question,
    place: `Brain Booster · ${quiz.title} · Question ${index + 1}`,
    summary: question.options.map((option, at) => `${"ABC"[at]}. ${option}`).join("  "),
    terms: `quiz question ${levelTerms(quiz.level)}`,
    body: [...question.options, question.explanation].join(" "),
    href: `${quizPath(quiz.slug)}#question-${index + 1}`,
    boost: 0,
  }));
  return [quizEntry, ...questionEntries];
}

// Sections and quizzes live in code and files, not tables, so no trigger of
// database/migrations/0007_search.sql can index them: each start writes them.
// A quiz's subtopics come from the catalogue's content, read once by the start.
export async function indexPagesAndQuizzes(
  db: Database,
  content: Pick<CatalogueContent, "subjects">,
): Promise<number> {
  const quizzes = await Promise.all(QUIZ_SLUGS.map((slug) => loadQuiz(slug)));
  const subtopics = quizSubtopicsOf(content.subjects);
  const sections = SITE_SECTIONS.map((section): SearchEntryRow => ({
    key: `page:${section.href}`,
    kind: "page",
    body: "",
    boost: 0.5,
    ...section,
  }));
  const rows = [
    ...sections,
    ...quizzes.flatMap((quiz) => quizSearchEntries(quiz, subtopics.get(quiz.slug))),
  ];
  const written = await db
    .select(writtenColumns)
    .from(searchEntries)
    .where(inArray(searchEntries.kind, FILE_KINDS));
  const before = new Map(written.map((row) => [row.key, row]));
  // A restart with the same files writes nothing, so it is ready sooner.
  const changed = rows.filter((row) => !jsonEqual(before.get(row.key), row));
  const keys = new Set(rows.map((row) => row.key));
  if (changed.length === 0 && written.every((row) => keys.has(row.key))) return rows.length;
  // An upsert, not delete-then-insert: two servers starting at once on one PostgreSQL both succeed.
  await db.transaction(async (tx) => {
    for (let start = 0; start < changed.length; start += 200) {
      await tx
        .insert(searchEntries)
        .values(changed.slice(start, start + 200))
        .onConflictDoUpdate({
          target: searchEntries.key,
          set: Object.fromEntries(
            Object.entries(writtenColumns)
              .filter(([name]) => name !== "key")
              .map(([name, column]) => [name, sql.raw(`excluded.${column.name}`)]),
          ),
        });
    }
    await tx
      .delete(searchEntries)
      .where(
        and(inArray(searchEntries.kind, FILE_KINDS), notInArray(searchEntries.key, [...keys])),
      );
  });
  return rows.length;
}
