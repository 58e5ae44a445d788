import { and, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { searchEntries } from "#database/schema";
import { QUIZ_SLUGS, loadQuiz } from "#app/features/quizzes/public.server";
import { jsonEqual } from "#app/lib/json-equal";
import { quizSearchEntries, type SearchEntryRow } from "./quiz-entries";
import { sectionSearchEntries } from "./site-pages";

/** The kinds of entry written from code and files rather than kept by the database. */
const FILE_KINDS = ["page", "quiz", "question"];
const WRITTEN_COLUMNS = [
  "key",
  "kind",
  "title",
  "place",
  "summary",
  "terms",
  "body",
  "href",
  "boost",
] as const satisfies readonly (keyof SearchEntryRow)[];

/**
 * Writes the search entries of the site's sections (app/features/search/site-pages.ts) and of
 * the quizzes, from their content files, replacing the last start's: they live in code and
 * files, not tables, so no trigger can keep them (materials, subjects and articles are kept
 * by database/migrations/0007_search.sql).
 */
export async function indexPagesAndQuizzes(db: Database): Promise<number> {
  const quizzes = await Promise.all(QUIZ_SLUGS.map((slug) => loadQuiz(slug)));
  const rows = [...sectionSearchEntries(), ...quizzes.flatMap(quizSearchEntries)];
  const written = await db
    .select(Object.fromEntries(WRITTEN_COLUMNS.map((column) => [column, searchEntries[column]])))
    .from(searchEntries)
    .where(inArray(searchEntries.kind, FILE_KINDS));
  const before = new Map(written.map((row) => [row.key, row]));
  // A restart with the same files writes nothing (a restart answers sooner).
  const changed = rows.filter((row) => !jsonEqual(before.get(row.key), row));
  const keys = new Set(rows.map((row) => row.key));
  const gone = written.filter((row) => !keys.has(row.key as string));
  if (changed.length === 0 && gone.length === 0) return rows.length;
  // An upsert, not delete-then-insert, so that two servers starting at once on one
  // PostgreSQL both succeed; entries of questions no longer in a file are dropped after.
  await db.transaction(async (tx) => {
    for (let start = 0; start < changed.length; start += 200) {
      await tx
        .insert(searchEntries)
        .values(changed.slice(start, start + 200))
        .onConflictDoUpdate({
          target: searchEntries.key,
          set: Object.fromEntries(
            WRITTEN_COLUMNS.filter((column) => column !== "key").map((column) => [
              column,
              sql.raw(`excluded.${searchEntries[column].name}`),
            ]),
          ),
        });
    }
    await tx.delete(searchEntries).where(
      and(
        inArray(searchEntries.kind, FILE_KINDS),
        notInArray(
          searchEntries.key,
          rows.map((row) => row.key),
        ),
      ),
    );
  });
  return rows.length;
}
