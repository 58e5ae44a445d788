import { and, asc, eq, gt, or } from "drizzle-orm";
import { reviewAnswers, reviewCards } from "#database/schema";
import { shownCardColumns, type ForStudent } from "./queue.server";

/** A student's review answers for "Download my data", oldest first, a page at a time. */
export async function* reviewAnswersForExport({ db, userId }: ForStudent, perPage: number) {
  let after: { answeredAt: Date; id: string } | undefined;
  for (;;) {
    const page = await db
      .select({
        id: reviewAnswers.id,
        quiz: reviewAnswers.quiz,
        question: reviewAnswers.question,
        source: reviewAnswers.source,
        choice: reviewAnswers.choice,
        correct: reviewAnswers.correct,
        answeredAt: reviewAnswers.answeredAt,
      })
      .from(reviewAnswers)
      .where(
        and(
          eq(reviewAnswers.userId, userId),
          after &&
            or(
              gt(reviewAnswers.answeredAt, after.answeredAt),
              and(eq(reviewAnswers.answeredAt, after.answeredAt), gt(reviewAnswers.id, after.id)),
            ),
        ),
      )
      .orderBy(asc(reviewAnswers.answeredAt), asc(reviewAnswers.id))
      .limit(perPage);
    if (page.length === 0) return;
    yield page.map(({ id: _id, ...answer }) => answer);
    after = page.at(-1);
  }
}

/** Each question in the student's queue and when it is next due: at most one a question. */
export function reviewCardsForExport({ db, userId }: ForStudent) {
  return db
    .select(shownCardColumns)
    .from(reviewCards)
    .where(eq(reviewCards.userId, userId))
    .orderBy(asc(reviewCards.quiz), asc(reviewCards.question));
}
