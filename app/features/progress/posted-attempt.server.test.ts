import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#database/client.server";
import type { Choice } from "#app/features/quizzes/public.server";
import type { Logger } from "#app/lib/logger";
import { createTestSession, createTestUser } from "#tests/setup/accounts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { listAttempts } from "./attempts.server";
import { savePostedAttempt, postedAttemptId } from "./posted-attempt.server";

// The physics quiz's key (content/quizzes/introduction_to_physics.json).
const ALL_RIGHT: Choice[] = ["B", "C", "A", "B", "A", "C", "C", "A", "A", "C"];
const QUIZ = "introduction_to_physics";

function quietLogger() {
  return { error: vi.fn() } as unknown as Logger & { error: ReturnType<typeof vi.fn> };
}

describe("postedAttemptId", () => {
  it("is the same for the same session, quiz and answers, and a valid attempt id", () => {
    const session = "s".repeat(43);
    const id = postedAttemptId(session, QUIZ, ALL_RIGHT);
    expect(id).toMatch(/^[\w-]{16,64}$/);
    expect(postedAttemptId(session, QUIZ, ALL_RIGHT)).toBe(id);
    expect(postedAttemptId("t".repeat(43), QUIZ, ALL_RIGHT)).not.toBe(id);
    expect(postedAttemptId(session, QUIZ, ["", ...ALL_RIGHT.slice(1)])).not.toBe(id);
  });
});

describe("savePostedAttempt without a database that answers", () => {
  it("says the results could not be saved, and logs why without the session", async () => {
    const broken = new Proxy(
      {},
      {
        get() {
          throw new Error("database is down");
        },
      },
    ) as Database;
    const logger = quietLogger();
    const sessionId = "x".repeat(43);
    const outcome = await savePostedAttempt({
      db: broken,
      logger,
      cookieHeader: `studyzed_session=${sessionId}`,
      https: false,
      quiz: QUIZ,
      answers: ALL_RIGHT,
    });
    expect(outcome).toEqual({ save: "not-saved" });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logger.error.mock.calls)).not.toContain(sessionId);
  });
});

describe.each(DATABASE_KINDS)("savePostedAttempt on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("saves a signed-in student's post once, and asks anyone else to log in", async () => {
    const { id: userId } = await createTestUser(database.db, "posted-natasha");
    const sessionId = await createTestSession(database.db, userId);
    const post = {
      db: database.db,
      logger: quietLogger(),
      https: false,
      quiz: QUIZ,
      answers: ALL_RIGHT,
    } as const;
    const first = await savePostedAttempt({
      ...post,
      cookieHeader: `studyzed_session=${sessionId}`,
    });
    const again = await savePostedAttempt({
      ...post,
      cookieHeader: `studyzed_session=${sessionId}`,
    });
    expect(first).toMatchObject({ save: "saved" });
    expect(again).toEqual(first);
    expect(await listAttempts({ db: database.db, userId })).toEqual([
      expect.objectContaining({ score: 10, total: 10, revision: 0 }),
    ]);
    expect(await savePostedAttempt({ ...post, cookieHeader: null })).toEqual({ save: "log-in" });
    expect(
      await savePostedAttempt({ ...post, cookieHeader: `studyzed_session=${"n".repeat(43)}` }),
    ).toEqual({ save: "log-in" });
  });
});
