import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountDataParts } from "#app/features/accounts/data-export.server";
import { createTestUser } from "#tests/setup/accounts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

const ATTEMPTS = 1_234;

/**
 * "Download my data" for a student with many attempts is written a part at a time, each part
 * read by one query, so no request waits while the whole file is built.
 */
describe.each(DATABASE_KINDS)("a data export on %s", (kind) => {
  let database: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ({ id: userId } = await createTestUser(database.db, "keen_student"));
    await database.db.execute(sql`
      insert into quiz_attempts (id, user_id, quiz, answers, score, total, percentage, grade, answered_at)
      select 'export-attempt-' || lpad(g::text, 6, '0'), ${userId}, 'introduction_to_physics',
             'BCABACCAAC', 10, 10, 100, 'A+: First Distinction',
             timestamptz '2026-03-01 09:00:00+00' - g * interval '1 minute'
      from generate_series(1, ${ATTEMPTS}) g`);
  });
  afterAll(() => database.destroy());

  it("comes in parts of at most 200 attempts, and reads as the whole file", async () => {
    const parts: string[] = [];
    for await (const part of accountDataParts({ db: database.db, userId })) parts.push(part);
    // The head, each page of attempts, the review answers (none here), and the tail.
    expect(parts).toHaveLength(3 + Math.ceil(ATTEMPTS / 200));
    for (const part of parts) expect(part.match(/"quiz":/g)?.length ?? 0).toBeLessThanOrEqual(200);
    const exported = JSON.parse(parts.join("")) as {
      quizAttempts: { answeredAt: string }[];
    };
    expect(Object.keys(exported)).toEqual([
      "exportedAt",
      "account",
      "quizAttempts",
      "reviewAnswers",
      "reviewQueue",
      "classesJoined",
      "classesTaught",
      "sessions",
      "appSignIns",
    ]);
    const times = exported.quizAttempts.map((attempt) => attempt.answeredAt);
    expect(times).toHaveLength(ATTEMPTS);
    expect(new Set(times).size).toBe(ATTEMPTS);
    expect(times).toEqual([...times].sort().reverse());
  });
});
