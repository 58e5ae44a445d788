import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "#tests/setup/accounts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import {
  countDueToday,
  listCards,
  recordQuizMisses,
  ReviewQuestionNotFoundError,
  saveReviewAnswers,
  type ReviewAnswerInput,
} from "./queue.server";
import { cardFromAnswers } from "./schedule";

// content/quizzes/cell.json: question 1's answer is B, question 2's is C.
const START = new Date("2026-11-27T08:00:00Z");
const DAY = 24 * 3600_000;
let nextId = 0;
const newId = () => `review-answer-${String(nextId++).padStart(6, "0")}`;

function given(question: number, choice: "A" | "B" | "C", answeredAt: Date): ReviewAnswerInput {
  return { id: newId(), quiz: "cell", question, choice, answeredAt };
}

describe.each(DATABASE_KINDS)("the review queue on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });
  const student = async (name: string) => (await createTestUser(database.db, `${name}-${kind}`)).id;

  it("takes a quiz's misses once, due at once, however often they are sent", async () => {
    const { db } = database;
    const userId = await student("review-misses");
    const misses = [1, 2].map((question) => ({
      id: `attempt-0000000000001.${question}`,
      quiz: "cell" as const,
      question,
      answeredAt: START,
    }));
    await recordQuizMisses({ db, userId, misses });
    await recordQuizMisses({ db, userId, misses });
    const cards = await listCards({ db, userId });
    expect(cards.map((card) => [card.question, card.due])).toEqual([
      [1, START],
      [2, START],
    ]);
    expect(await countDueToday({ db, userId, now: START })).toBe(2);
  });

  it("lays one attempt's misses on their cards together, in the order they were answered", async () => {
    const { db } = database;
    const userId = await student("review-many-misses");
    const at = (days: number) => new Date(START.getTime() + days * DAY);
    const attempts = [
      { id: "attempt-0000000000010", questions: [1], answeredAt: at(0) },
      // In order for question 1's card, and question 2's first.
      { id: "attempt-0000000000011", questions: [1, 2], answeredAt: at(2) },
      // Sent late from another phone: both cards are folded again from every answer.
      { id: "attempt-0000000000012", questions: [1, 2], answeredAt: at(1) },
    ];
    for (const { id, questions, answeredAt } of attempts) {
      const misses = questions.map((question) => ({
        id: `${id}.${question}`,
        quiz: "cell" as const,
        question,
        answeredAt,
      }));
      await recordQuizMisses({ db, userId, misses });
    }
    const answersOf = (question: number) =>
      attempts
        .filter((attempt) => attempt.questions.includes(question))
        .map(({ id, answeredAt }) => ({
          id: `${id}.${question}`,
          quiz: "cell",
          question,
          correct: false,
          source: "quiz" as const,
          answeredAt,
        }));
    expect(await listCards({ db, userId, quiz: "cell", questions: [1, 2] })).toEqual(
      [cardFromAnswers(answersOf(1)), cardFromAnswers(answersOf(2))].sort(
        (a, b) => a!.due.getTime() - b!.due.getTime() || a!.question - b!.question,
      ),
    );
  });

  it("marks a review answer on the server, spaces a right one out, and replays it as unchanged", async () => {
    const { db } = database;
    const userId = await student("review-answers");
    await recordQuizMisses({
      db,
      userId,
      misses: [{ id: "attempt-0000000000002.1", quiz: "cell", question: 1, answeredAt: START }],
    });
    const right = given(1, "B", START);
    const [first] = await saveReviewAnswers({ db, userId, answers: [right] });
    expect(first).toMatchObject({ outcome: "created", correct: true, answer: "B" });
    expect(first!.card.due.getTime()).toBeGreaterThan(START.getTime() + DAY);
    expect(await countDueToday({ db, userId, now: START })).toBe(0);
    expect(await countDueToday({ db, userId, now: first!.card.due })).toBe(1);

    const [again] = await saveReviewAnswers({ db, userId, answers: [right] });
    expect(again).toMatchObject({ outcome: "unchanged", correct: true });
    expect(again!.card).toEqual(first!.card);
  });

  it("applies a late answer from a second phone in the order the answers were given", async () => {
    const { db } = database;
    const userId = await student("review-two-phones");
    await recordQuizMisses({
      db,
      userId,
      misses: [{ id: "attempt-0000000000003.2", quiz: "cell", question: 2, answeredAt: START }],
    });
    const early = given(2, "C", new Date(START.getTime() + 60_000));
    const late = given(2, "A", new Date(START.getTime() + 120_000));
    // The phone that answered last sends first.
    await saveReviewAnswers({ db, userId, answers: [late] });
    const [merged] = await saveReviewAnswers({ db, userId, answers: [early] });
    expect(merged!.card).toMatchObject({ rightInARow: 0, lastAnsweredAt: late.answeredAt });
    expect(merged!.card.memory.reps).toBe(2);
  });

  it("refuses, as not found, a question outside the student's own queue, and saves nothing of the list", async () => {
    const { db } = database;
    const mine = await student("review-mine");
    const theirs = await student("review-theirs");
    await recordQuizMisses({
      db,
      userId: theirs,
      misses: [{ id: "attempt-0000000000004.3", quiz: "cell", question: 3, answeredAt: START }],
    });
    await recordQuizMisses({
      db,
      userId: mine,
      misses: [{ id: "attempt-0000000000005.1", quiz: "cell", question: 1, answeredAt: START }],
    });
    await expect(
      saveReviewAnswers({
        db,
        userId: mine,
        answers: [given(1, "B", START), given(3, "A", START)],
      }),
    ).rejects.toBeInstanceOf(ReviewQuestionNotFoundError);
    const [card] = await listCards({ db, userId: mine });
    expect(card!.memory.reps).toBe(0);
    const [theirCard] = await listCards({ db, userId: theirs });
    expect(theirCard!.memory.reps).toBe(0);
  });
});
