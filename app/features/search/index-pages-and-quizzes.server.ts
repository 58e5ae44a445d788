import { and, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { searchEntries } from "#database/schema";
import { QUIZ_SLUGS, loadQuiz } from "#app/features/quizzes/public.server";
import { quizSearchEntries } from "./quiz-entries";
import { sectionSearchEntries } from "./site-pages";

/**
 * Writes the search entries of the site's sections (app/features/search/site-pages.ts) and of
 * the quizzes, from their content files, replacing the last start's: they live in code and
 * files, not tables, so no trigger can keep them (materials, subjects and articles are kept
 * by database/migrations/0007_search.sql).
 */
export async function indexPagesAndQuizzes(db: Database): Promise<number> {
  const quizzes = await Promise.all(QUIZ_SLUGS.map((slug) => loadQuiz(slug)));
  const rows = [...sectionSearchEntries(), ...quizzes.flatMap(quizSearchEntries)];
  // An upsert, not delete-then-insert, so that two servers starting at once on one
  // PostgreSQL both succeed; entries of questions no longer in a file are dropped after.
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 200) {
      await tx
        .insert(searchEntries)
        .values(rows.slice(start, start + 200))
        .onConflictDoUpdate({
          target: searchEntries.key,
          set: Object.fromEntries(
            (["kind", "title", "place", "summary", "terms", "body", "href", "boost"] as const).map(
              (column) => [column, sql.raw(`excluded.${searchEntries[column].name}`)],
            ),
          ),
        });
    }
    await tx.delete(searchEntries).where(
      and(
        inArray(searchEntries.kind, ["page", "quiz", "question"]),
        notInArray(
          searchEntries.key,
          rows.map((row) => row.key),
        ),
      ),
    );
  });
  return rows.length;
}
