import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, sessions, tokenFamilies } from "#database/schema";
import { createTestUser } from "#tests/setup/accounts";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { createSession, deleteExpiredSignIns, findSessionUser } from "./sessions.server";
import { issueTokens } from "./tokens.server";

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe.each(DATABASE_KINDS)("ended sign-ins on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it("deletes each session and app sign-in once it has ended, and nothing still running", async () => {
    const { db } = database;
    const { id: userId } = await createTestUser(db, `ending-${kind}`);
    const count = async () => ({
      sessions: await db.$count(sessions, eq(sessions.userId, userId)),
      tokenFamilies: await db.$count(tokenFamilies, eq(tokenFamilies.userId, userId)),
      refreshTokens: await db.$count(refreshTokens, eq(refreshTokens.userId, userId)),
    });
    const usual = await createSession({ db, userId });
    const kept = await createSession({ db, userId, kept: true });
    await issueTokens({
      db,
      jwtSecret: "sweep-test-secret-0123456789abcdef",
      userId,
      role: "student",
    });
    const start = Date.now();

    expect(await deleteExpiredSignIns({ db, now: new Date(start) })).toEqual({
      sessions: 0,
      tokenFamilies: 0,
    });
    // A day on: the 12-hour session has ended, the kept one and the app's sign-in run on.
    await deleteExpiredSignIns({ db, now: new Date(start + DAY) });
    expect(await count()).toEqual({ sessions: 1, tokenFamilies: 1, refreshTokens: 1 });
    expect(await findSessionUser({ db, sessionId: usual })).toBeUndefined();
    expect(await findSessionUser({ db, sessionId: kept })).toBeDefined();
    // A year on, everything has ended, the family's refresh tokens with it.
    expect(await deleteExpiredSignIns({ db, now: new Date(start + 365 * DAY) })).toEqual({
      sessions: 1,
      tokenFamilies: 1,
    });
    expect(await count()).toEqual({ sessions: 0, tokenFamilies: 0, refreshTokens: 0 });
  });
});
