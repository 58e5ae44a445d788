import { and, inArray, notInArray, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { searchEntries } from "#database/schema";
import { QUIZ_SLUGS, loadQuiz } from "#app/features/quizzes/public.server";
import { jsonEqual } from "#app/lib/json-equal";
import { quizSearchEntries, type SearchEntryRow } from "./quiz-entries";
import { sectionSearchEntries } from "./site-pages";

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

/** Sections and quizzes live in files, not tables, so no database trigger indexes them. */
export async function indexPagesAndQuizzes(db: Database): Promise<number> {
  const quizzes = await Promise.all(QUIZ_SLUGS.map((slug) => loadQuiz(slug)));
  const rows = [...sectionSearchEntries(), ...quizzes.flatMap(quizSearchEntries)];
  const written = await db
    .select(Object.fromEntries(WRITTEN_COLUMNS.map((column) => [column, searchEntries[column]])))
    .from(searchEntries)
    .where(inArray(searchEntries.kind, FILE_KINDS));
  const before = new Map(written.map((row) => [row.key, row]));
  const changed = rows.filter((row) => !jsonEqual(before.get(row.key), row));
  const keys = new Set(rows.map((row) => row.key));
  const gone = written.filter((row) => !keys.has(row.key as string));
  if (changed.length === 0 && gone.length === 0) return rows.length;
  // An upsert, so two servers starting at once on one PostgreSQL both succeed.
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
