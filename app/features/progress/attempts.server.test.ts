import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "#tests/setup/accounts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { countDueToday } from "#app/features/review/public.server";
import { AttemptInputSchema, type AttemptInput } from "./attempt-input";
import {
  AttemptNotFoundError,
  findAttempt,
  listAttempts,
  progressByQuiz,
  saveAttempts,
} from "./attempts.server";

// The physics quiz's key (content/quizzes/introduction_to_physics.json): B C A B A C C A A C.
const ALL_RIGHT = ["B", "C", "A", "B", "A", "C", "C", "A", "A", "C"];

function physicsAttempt(
  overrides: Partial<Record<keyof AttemptInput, unknown>> = {},
): AttemptInput {
  return AttemptInputSchema.parse({
    id: `attempt-${Math.random().toString(36).slice(2, 14)}`,
    quiz: "introduction_to_physics",
    answers: ALL_RIGHT,
    answeredAt: "2026-01-10T08:00:00Z",
    ...overrides,
  });
}

describe.each(DATABASE_KINDS)("quiz attempts on %s", (kind) => {
  let database: TestDatabase;
  let mwila: number;
  let chanda: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    mwila = (await createTestUser(database.db, "attempts-mwila")).id;
    chanda = (await createTestUser(database.db, "attempts-chanda")).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("marks from the stored key, and saves an id sent twice once", async () => {
    const attempt = physicsAttempt({ answers: ["B", "C", "A", "", "", "", "", "", "", "A"] });
    const [first] = await saveAttempts({ db: database.db, userId: mwila, attempts: [attempt] });
    expect(first).toMatchObject({
      outcome: "created",
      attempt: { score: 3, total: 10, percentage: 30, grade: "D: Fail" },
    });
    const [again] = await saveAttempts({ db: database.db, userId: mwila, attempts: [attempt] });
    expect(again!.outcome).toBe("unchanged");
    expect(
      (await listAttempts({ db: database.db, userId: mwila })).filter((a) => a.id === attempt.id),
    ).toHaveLength(1);
  });

  it("updates the same attempt with a newer revision, and never goes back to an older one", async () => {
    const attempt = physicsAttempt({ answers: Array(10).fill("") });
    await saveAttempts({ db: database.db, userId: mwila, attempts: [attempt] });
    const newer = { ...attempt, answers: ALL_RIGHT as AttemptInput["answers"], revision: 2 };
    const [updated] = await saveAttempts({ db: database.db, userId: mwila, attempts: [newer] });
    expect(updated).toMatchObject({ outcome: "updated", attempt: { score: 10, revision: 2 } });
    const [stale] = await saveAttempts({
      db: database.db,
      userId: mwila,
      attempts: [{ ...attempt, revision: 1 }],
    });
    expect(stale).toMatchObject({ outcome: "unchanged", attempt: { score: 10, revision: 2 } });
  });

  it("refuses another student's id, and saves nothing of that request", async () => {
    const mine = physicsAttempt();
    await saveAttempts({ db: database.db, userId: mwila, attempts: [mine] });
    const fresh = physicsAttempt();
    await expect(
      saveAttempts({
        db: database.db,
        userId: chanda,
        attempts: [fresh, { ...mine, revision: 5, answers: Array<"">(10).fill("") }],
      }),
    ).rejects.toBeInstanceOf(AttemptNotFoundError);
    expect(await findAttempt({ db: database.db, userId: chanda, id: fresh.id })).toBeUndefined();
    expect(await findAttempt({ db: database.db, userId: chanda, id: mine.id })).toBeUndefined();
    expect(await findAttempt({ db: database.db, userId: mwila, id: mine.id })).toMatchObject({
      score: 10,
      revision: 0,
    });
  });

  it("sums up each quiz tried: attempts, best, latest", async () => {
    const userId = (await createTestUser(database.db, "attempts-bupe")).id;
    await saveAttempts({
      db: database.db,
      userId,
      attempts: [
        physicsAttempt({ answeredAt: "2026-02-01T08:00:00Z" }),
        physicsAttempt({ answeredAt: "2026-02-02T08:00:00Z", answers: Array(10).fill("A") }),
        physicsAttempt({
          quiz: "the_cell",
          answers: Array(11).fill("A"),
          answeredAt: "2026-01-01T08:00:00Z",
        }),
      ],
    });
    const progress = await progressByQuiz({ db: database.db, userId });
    expect(progress.map((entry) => entry.quiz)).toEqual(["introduction_to_physics", "the_cell"]);
    expect(progress[0]).toMatchObject({
      attempts: 2,
      best: { score: 10, total: 10, percentage: 100 },
      latest: { score: 4, total: 10, percentage: 40, grade: "D+: Bare Fail" },
    });
    expect(progress[0]!.latest.answeredAt.toISOString()).toBe("2026-02-02T08:00:00.000Z");
  });

  it("puts each question an attempt gets wrong in the review queue, once, even as the attempt changes", async () => {
    const userId = (await createTestUser(database.db, "attempts-review")).id;
    const now = new Date("2026-01-10T09:00:00Z");
    const twoWrong = ["A", "A", ...ALL_RIGHT.slice(2)] as AttemptInput["answers"];
    const attempt = physicsAttempt({ answers: twoWrong });
    await saveAttempts({ db: database.db, userId, attempts: [attempt, attempt] });
    expect(await countDueToday({ db: database.db, userId, now })).toBe(2);
    const threeWrong = ["A", "A", "B", ...ALL_RIGHT.slice(3)] as AttemptInput["answers"];
    await saveAttempts({
      db: database.db,
      userId,
      attempts: [{ ...attempt, answers: threeWrong, revision: 1 }],
    });
    expect(await countDueToday({ db: database.db, userId, now })).toBe(3);
  });
});
