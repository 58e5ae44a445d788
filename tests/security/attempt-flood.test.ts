import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizAttempts, users } from "#database/schema";
import { MOST_ATTEMPTS_A_DAY } from "#app/features/progress/attempts.server";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

const PHYSICS_KEY = ["B", "C", "A", "B", "A", "C", "C", "A", "A", "C"];

/** One account sending new attempts as fast as it can: a day's bound, then 429. */
describe.each(DATABASE_KINDS)("an attempt flood on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let access: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createTestUser(database.db, "flooder");
    server = await serveSite({ database });
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "flooder", password: TEST_PASSWORD }),
    });
    access = ((await response.json()) as { access: string }).access;
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  let sent = 0;
  const sendHundred = () =>
    fetch(`${server.url}/api/attempts/`, {
      method: "POST",
      headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
      body: JSON.stringify(
        Array.from({ length: 100 }, () => ({
          id: `flood-attempt-${(sent += 1).toString().padStart(8, "0")}`,
          quiz: "introduction_to_physics",
          answers: PHYSICS_KEY,
          answeredAt: "2026-03-01T09:30:00.000Z",
        })),
      ),
    });

  it("stores a day's worth of attempts, then refuses more with 429 and Retry-After", async () => {
    for (let request = 0; request < MOST_ATTEMPTS_A_DAY / 100; request++)
      expect((await sendHundred()).status).toBe(200);
    const refused = await sendHundred();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "At most 1,500 quiz attempts are saved a day. Try again tomorrow.",
    );
    const [flooder] = await database.db.select().from(users).where(eq(users.username, "flooder"));
    expect(await database.db.$count(quizAttempts, eq(quizAttempts.userId, flooder!.id))).toBe(
      MOST_ATTEMPTS_A_DAY,
    );
  });
});
