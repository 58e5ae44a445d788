import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/**
 * The attempts calls (docs/decisions/0042-quiz-attempts-kept-offline-first.md): a student
 * reads and saves only their own attempts, marks are the server's, and bad input saves nothing.
 */

// Introduction to Physics' key (content/quizzes/introduction_to_physics.json).
const PHYSICS_KEY = ["B", "C", "A", "B", "A", "C", "C", "A", "A", "C"];
let sequence = 0;
const newId = () => `api-attempt-${Date.now().toString(36)}-${(sequence += 1)}-abcdef`;

function physicsAttempt(overrides: Record<string, unknown> = {}) {
  return {
    id: newId(),
    quiz: "introduction_to_physics",
    answers: PHYSICS_KEY,
    answeredAt: "2026-03-01T09:30:00.000Z",
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)("GET and POST /api/attempts/ on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  const tokens: Record<string, string> = {};

  const logIn = async (username: string) => {
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    const body = (await response.json()) as { access: string; refresh: string };
    return { ...body, cookie: response.headers.get("set-cookie")!.split(";")[0]! };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createTestUser(database.db, "attempts-mwila");
    await createTestUser(database.db, "attempts-chanda");
    server = await serveSite({ database });
    tokens.mwila = (await logIn("attempts-mwila")).access;
    tokens.chanda = (await logIn("attempts-chanda")).access;
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  const call = (
    path: string,
    {
      as,
      body,
      method = body === undefined ? "GET" : "POST",
      headers = {},
    }: {
      as?: string;
      body?: unknown;
      method?: string;
      headers?: Record<string, string>;
    } = {},
  ) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  const attemptsOf = async (who: string) =>
    ((await (await call("/api/attempts/", { as: who })).json()) as { attempts: { id: string }[] })
      .attempts;

  it("saves an attempt once by its id, marked from the stored key whatever marks are sent", async () => {
    const attempt = physicsAttempt({
      answers: ["B", "C", "", "A", "", "", "", "", "", ""],
      score: 10,
      percentage: 100,
      grade: "A+: First Distinction",
    });
    const first = await call("/api/attempts/", { as: "mwila", body: attempt });
    expect(first.status).toBe(201);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(await first.json()).toEqual({
      id: attempt.id,
      quiz: "introduction_to_physics",
      answers: ["B", "C", "", "A", "", "", "", "", "", ""],
      score: 2,
      total: 10,
      percentage: 20,
      grade: "D: Fail",
      answeredAt: "2026-03-01T09:30:00.000Z",
      revision: 0,
    });
    const again = await call("/api/attempts/", { as: "mwila", body: attempt });
    expect(again.status).toBe(200);
    expect((await attemptsOf("mwila")).filter((kept) => kept.id === attempt.id)).toHaveLength(1);
  });

  it("updates the same attempt when its answers change, and a list sends a phone's backlog", async () => {
    const attempt = physicsAttempt({ answers: Array(10).fill("") });
    await call("/api/attempts/", { as: "mwila", body: attempt });
    const later = physicsAttempt({ quiz: "the_cell", answers: Array(11).fill("A") });
    const response = await call("/api/attempts/", {
      as: "mwila",
      body: [{ ...attempt, answers: PHYSICS_KEY, revision: 1 }, later, later],
    });
    expect(response.status).toBe(200);
    const { saved } = (await response.json()) as {
      saved: { id: string; score: number; outcome: string }[];
    };
    expect(saved.map(({ id, score, outcome }) => [id, score, outcome])).toEqual([
      [attempt.id, 10, "updated"],
      [later.id, expect.any(Number), "created"],
      [later.id, expect.any(Number), "unchanged"],
    ]);
    const one = await call(`/api/attempts/${attempt.id}/`, { as: "mwila" });
    expect(await one.json()).toMatchObject({ id: attempt.id, score: 10, revision: 1 });
  });

  it("shows and changes nothing of another student's: 404 on every call, and nothing saved", async () => {
    const mine = physicsAttempt();
    await call("/api/attempts/", { as: "mwila", body: mine });
    const read = await call(`/api/attempts/${mine.id}/`, { as: "chanda" });
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain("introduction_to_physics");
    const fresh = physicsAttempt();
    const overwrite = await call("/api/attempts/", {
      as: "chanda",
      body: [fresh, { ...mine, answers: Array(10).fill(""), revision: 9 }],
    });
    expect(overwrite.status).toBe(404);
    const single = await call("/api/attempts/", {
      as: "chanda",
      body: { ...mine, answers: Array(10).fill(""), revision: 9 },
    });
    expect(single.status).toBe(404);
    expect((await attemptsOf("chanda")).map((kept) => kept.id)).not.toContain(fresh.id);
    expect((await attemptsOf("chanda")).map((kept) => kept.id)).not.toContain(mine.id);
    const kept = await call(`/api/attempts/${mine.id}/`, { as: "mwila" });
    expect(await kept.json()).toMatchObject({ score: 10, revision: 0 });
  });

  const future = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  it.each([
    ["an unknown quiz", physicsAttempt({ quiz: "astrology" }), 400, "no Brain Booster quiz"],
    ["too few answers", physicsAttempt({ answers: PHYSICS_KEY.slice(1) }), 400, "send 10 answers"],
    [
      "too many answers",
      physicsAttempt({ answers: [...PHYSICS_KEY, "A"] }),
      400,
      "send 10 answers",
    ],
    [
      "a letter past C",
      physicsAttempt({ answers: ["D", ...PHYSICS_KEY.slice(1)] }),
      400,
      "A, B or C",
    ],
    [
      "a lower-case letter",
      physicsAttempt({ answers: ["b", ...PHYSICS_KEY.slice(1)] }),
      400,
      "A, B or C",
    ],
    ["a date in the future", physicsAttempt({ answeredAt: future }), 400, "in the future"],
    ["a date that is not one", physicsAttempt({ answeredAt: "yesterday" }), 400, "ISO 8601"],
    ["a short id", physicsAttempt({ id: "abc" }), 400, "attempt id"],
    ["an id with a slash", physicsAttempt({ id: "../../etc/passwd-xxxxxx" }), 400, "attempt id"],
    ["a negative revision", physicsAttempt({ revision: -1 }), 400, "revision"],
    ["no fields at all", {}, 400, "attempt id"],
    ["a field it does not know", physicsAttempt({ userId: 1 }), 400, "userId"],
    [
      "101 attempts in one request",
      Array.from({ length: 101 }, () => physicsAttempt({ answers: Array(10).fill("") })),
      400,
      "at most 100",
    ],
    [
      "10,000 attempts in one request",
      Array.from({ length: 10_000 }, () => physicsAttempt()),
      413,
      "too large",
    ],
  ])("refuses %s with a %s that says why, and saves nothing", async (_, body, status, words) => {
    const before = (await attemptsOf("mwila")).length;
    const response = await call("/api/attempts/", { as: "mwila", body });
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toContain(words);
    expect(await attemptsOf("mwila")).toHaveLength(before);
  });

  it.each(["%00", "x".repeat(2000), "%E2%80%AE%F0%9F%98%80", "..%2F..%2Fetc", "1%27%20OR%201%3D1"])(
    "answers a hostile id %s with a 404, never a 500",
    async (id) => {
      const response = await call(`/api/attempts/${id}/`, { as: "mwila" });
      expect(response.status).toBe(404);
    },
  );

  it("refuses a body that is not JSON, and a method it does not take", async () => {
    const text = await call("/api/attempts/", {
      as: "mwila",
      body: "answers=A",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(text.status).toBe(415);
    const broken = await call("/api/attempts/", { as: "mwila", body: "[{" });
    expect(broken.status).toBe(400);
    const put = await call("/api/attempts/", {
      as: "mwila",
      method: "PUT",
      body: physicsAttempt(),
    });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("answers 401 without a good access token, and never takes a refresh token for one", async () => {
    const { refresh } = await logIn("attempts-mwila");
    for (const authorization of [undefined, "Bearer nonsense", `Bearer ${refresh}`, "Basic eA=="]) {
      const response = await fetch(`${server.url}/api/attempts/`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
    }
  });

  it("takes the site's own session cookie, but a change only from the site's own pages", async () => {
    const { cookie } = await logIn("attempts-mwila");
    const attempt = physicsAttempt();
    const crossSite = await call("/api/attempts/", {
      body: attempt,
      headers: { cookie, origin: "https://elsewhere.example" },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await call("/api/attempts/", { body: attempt, headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    const own = await call("/api/attempts/", {
      body: attempt,
      headers: { cookie, origin: server.url },
    });
    expect(own.status).toBe(201);
    const list = await call("/api/attempts/", { headers: { cookie } });
    expect(((await list.json()) as { attempts: { id: string }[] }).attempts[0]!.id).toBe(
      attempt.id,
    );
  });

  it("never serves one student's list to another from a cache", async () => {
    await call("/api/attempts/", { as: "chanda", body: physicsAttempt() });
    const mwila = await attemptsOf("mwila");
    const chanda = await attemptsOf("chanda");
    expect(chanda.length).toBeGreaterThan(0);
    expect(chanda.map((kept) => kept.id)).not.toEqual(mwila.map((kept) => kept.id));
  });
});
