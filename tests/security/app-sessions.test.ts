import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { logIn } from "#app/features/accounts/sign-in.server";
import { exchangeRefreshToken } from "#app/features/accounts/tokens.server";
import { tokenFamilies } from "#database/schema";
import { createLogger } from "#server/logger";
import { memoryRateLimiter } from "#app/lib/rate-limiter.server";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "#tests/setup/accounts";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { TEST_CONFIG } from "#tests/setup/http";

/**
 * App sign-ins that end: a refresh-token family has an absolute end, reuse revokes the whole
 * family even when the exchanges race (before, on PostgreSQL, 1 race in 10 left a family
 * alive), and "log out everywhere" ends every session and app sign-in of an account.
 */
const logger = createLogger({ level: "silent" });
const jwtSecret = TEST_CONFIG.jwtSecret;

describe.each(DATABASE_KINDS)("app sign-ins on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  let nextUser = 0;
  async function signedIn() {
    const username = `app${kind}${nextUser++}`;
    await createTestUser(database.db, username);
    const result = await logIn({
      db: database.db,
      limiter: memoryRateLimiter(),
      logger,
      jwtSecret,
      username,
      password: TEST_PASSWORD,
      client: "10.1.1.1",
    });
    if (result.outcome !== "signed-in") throw new Error(`could not sign in: ${result.outcome}`);
    return result;
  }
  const exchange = async (token: string) => {
    const result = await exchangeRefreshToken({ db: database.db, jwtSecret, token });
    return result.outcome === "exchanged" ? result.tokens : null;
  };

  it(
    "lets exactly one of 20 racing refreshes win, and then no token of the family works",
    { timeout: 300_000 },
    async () => {
      for (let round = 0; round < 50; round++) {
        const { tokens } = await signedIn();
        const results = await Promise.all(
          Array.from({ length: 20 }, () => exchange(tokens.refresh)),
        );
        const winners = results.filter((pair) => pair !== null);
        expect(winners, `round ${round}`).toHaveLength(1);
        expect(await exchange(winners[0]!.refresh), `round ${round}`).toBeNull();
        expect(await exchange(tokens.refresh), `round ${round}`).toBeNull();
      }
    },
  );

  it("ends a family at its absolute end, however recently it was refreshed", async () => {
    const { tokens, user } = await signedIn();
    const refreshed = await exchange(tokens.refresh);
    expect(refreshed).not.toBeNull();
    // A family that started 30 days ago: its end is now past.
    await database.db
      .update(tokenFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokenFamilies.userId, user.id));
    expect(await exchange(refreshed!.refresh)).toBeNull();
  });

  it("never issues a refresh token that outlives its family", async () => {
    const { tokens, user } = await signedIn();
    const familyEnd = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await database.db
      .update(tokenFamilies)
      .set({ expiresAt: familyEnd })
      .where(eq(tokenFamilies.userId, user.id));
    const refreshed = await exchange(tokens.refresh);
    expect(decodeJwt(refreshed!.refresh).exp).toBeLessThanOrEqual(
      Math.floor(familyEnd.getTime() / 1000),
    );
  });
});

describe.each(DATABASE_KINDS)("log out everywhere, on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  async function appLogin(username: string) {
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    return ((await response.json()) as { refresh: string }).refresh;
  }
  const refresh = (token: string) =>
    fetch(`${server.url}/api/token/refresh/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh: token }),
    }).then((response) => response.status);
  const adminPage = (cookie: string) =>
    fetch(`${server.url}/admin`, { headers: { cookie }, redirect: "manual" }).then(
      (response) => response.status,
    );

  it("ends every browser session and app sign-in of the account, and no one else's", async () => {
    await createTestUser(database.db, "chief", "admin");
    await createTestUser(database.db, "deputy", "admin");
    const [phone, tablet] = [await appLogin("chief"), await appLogin("chief")];
    const [laptop, library] = [
      await sessionCookieFor(server.url, "chief"),
      await sessionCookieFor(server.url, "chief"),
    ];
    const deputy = await sessionCookieFor(server.url, "deputy");
    const deputyPhone = await appLogin("deputy");
    expect(await adminPage(library)).toBe(200);

    const loggedOut = await fetch(`${server.url}/logout`, {
      method: "POST",
      headers: {
        cookie: laptop,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "everywhere=1",
      redirect: "manual",
    });
    expect(loggedOut.status).toBe(303);

    expect(await adminPage(library)).not.toBe(200);
    expect(await adminPage(laptop)).not.toBe(200);
    expect(await refresh(phone)).toBe(401);
    expect(await refresh(tablet)).toBe(401);
    expect(await adminPage(deputy)).toBe(200);
    expect(await refresh(deputyPhone)).toBe(200);
  });
});
