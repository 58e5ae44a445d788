import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttemptInputSchema } from "#app/features/progress/attempt-input";
import { saveAttempts } from "#app/features/progress/attempts.server";
import { loadQuiz } from "#app/features/quizzes/public.server";
import { listCards } from "#app/features/review/queue.server";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { readable } from "#tests/setup/readable-page";
import { missingFirst } from "#tests/setup/quiz-answers";

/**
 * /review without JavaScript and the app's /api/review/ (docs/requirements.md#review): the
 * questions a quiz got wrong come back, marked by the server, on a clock the test moves.
 */

// Keys (content/quizzes/*.json): cell BCACABCABA, physics BCABACCAAC.
const CELL_KEY = [..."BCACABCABA"];
const PHYSICS_KEY = [..."BCABACCAAC"];
const START = new Date("2026-11-27T08:00:00Z");
let sequence = 0;
const newId = () => `review-api-${(sequence += 1).toString().padStart(6, "0")}`;

describe.each(DATABASE_KINDS)("/review and /api/review/ on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let clock = START;
  const students: Record<string, { id: number; cookie: string; access: string }> = {};

  const logIn = async (username: string) => {
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    const body = (await response.json()) as { access: string };
    return { access: body.access, cookie: response.headers.get("set-cookie")!.split(";")[0]! };
  };

  /** A quiz attempt with the first `missed` questions wrong, as the quiz page sends it. */
  const missIn = async (name: string, quiz: string, key: string[], missed: number) =>
    saveAttempts({
      db: database.db,
      userId: students[name]!.id,
      attempts: [
        AttemptInputSchema.parse({
          id: newId(),
          quiz,
          answers: missingFirst(key, missed),
          answeredAt: START.toISOString(),
        }),
      ],
    });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database, now: () => clock });
    for (const name of ["mwila", "chanda", "bupe"]) {
      const username = `review-${name}-${kind}`;
      const { id } = await createTestUser(database.db, username);
      students[name] = { id, ...(await logIn(username)) };
    }
    await missIn("mwila", "cell", CELL_KEY, 3);
    await missIn("chanda", "introduction_to_physics", PHYSICS_KEY, 1);
    await missIn("bupe", "cell", CELL_KEY, 2);
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  const page = async (path: string, as?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: as ? { cookie: students[as]!.cookie } : {},
    });
    return { response, text: readable(await response.text()) };
  };
  const post = async (as: string | null, fields: Record<string, string | number>) => {
    const { body, contentType } = formBody(fields);
    const response = await fetch(`${server.url}/review`, {
      method: "POST",
      headers: { "content-type": contentType, ...(as ? { cookie: students[as]!.cookie } : {}) },
      body,
    });
    return { response, text: readable(await response.text()) };
  };
  const cardOf = async (name: string, question: number) =>
    (
      await listCards({
        db: database.db,
        userId: students[name]!.id,
        quiz: "cell",
        questions: [question],
      })
    )[0]!;

  it("lists a signed-in student's missed questions, and home, the menu and My progress count them", async () => {
    clock = START;
    const { response, text } = await page("/review", "mwila");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(text).toContain("3 questions to review today.");
    const cell = await loadQuiz("cell");
    for (const question of cell.questions.slice(0, 3)) expect(text).toContain(question.question);
    expect(text).not.toContain(cell.questions[3]!.question);
    expect(text.match(/<form [^>]*data-quiz="cell"/g)).toHaveLength(3);

    for (const path of ["/", "/progress", "/about"]) {
      const shown = (await page(path, "mwila")).text;
      expect(shown, path).toMatch(/<a href="\/review">3 questions to review today<\/a>/);
    }
    const signedOut = await page("/review");
    expect(signedOut.response.status).toBe(200);
    expect(signedOut.text).toContain('<a href="/login?next=/review">Log in</a>');
  });

  it("marks a form posted without JavaScript, spaces a right answer out, and a repeated post changes nothing", async () => {
    clock = START;
    const id = newId();
    const right = await post("mwila", { id, quiz: "cell", question: 1, answer: "B" });
    expect(right.response.status).toBe(200);
    expect(right.text).toContain("✓ </span>Correct");
    expect(right.text).toMatch(/It comes back for review on \d+ \w{3} 2026\./);
    expect(right.text).toContain("2 questions to review today.");
    const card = await cardOf("mwila", 1);
    expect(card.memory.reps).toBe(1);
    expect(card.due.getTime()).toBeGreaterThan(START.getTime() + 24 * 3600_000);

    const again = await post("mwila", { id, quiz: "cell", question: 1, answer: "B" });
    expect(again.response.status).toBe(200);
    expect(await cardOf("mwila", 1)).toEqual(card);
  });

  it("brings a question back on its due date, and a wrong answer then brings it back sooner", async () => {
    clock = START;
    await post("bupe", { id: newId(), quiz: "cell", question: 1, answer: "B" });
    const firstDue = (await cardOf("bupe", 1)).due;
    const firstInterval = firstDue.getTime() - START.getTime();

    clock = firstDue;
    expect((await page("/review", "bupe")).text).toContain("2 questions to review today.");
    const wrong = await post("bupe", { id: newId(), quiz: "cell", question: 1, answer: "A" });
    expect(wrong.text).toContain("✗ </span>Wrong");
    expect(wrong.text).toContain("Your answer: A.");
    const after = await cardOf("bupe", 1);
    expect(after.rightInARow).toBe(0);
    expect(after.due.getTime() - firstDue.getTime()).toBeLessThanOrEqual(firstInterval);
  });

  it("refuses a bad form with a 4xx page naming the problem, and another student's question as not found", async () => {
    clock = START;
    const base = { id: newId(), quiz: "cell", question: 2, answer: "C" };
    const unknown = await post("mwila", { ...base, extra: "1" });
    expect(unknown.response.status).toBe(400);
    expect(unknown.text).toContain("extra");
    const outOfRange = await post("mwila", { ...base, question: 11 });
    expect(outOfRange.response.status).toBe(400);
    expect(outOfRange.text).toContain("This quiz has 10 questions");
    const letter = await post("mwila", { ...base, answer: "D" });
    expect(letter.response.status).toBe(400);
    const theirs = await post("mwila", { ...base, quiz: "introduction_to_physics", question: 1 });
    expect(theirs.response.status).toBe(404);
    const signedOut = await post(null, base);
    expect(signedOut.response.status).toBe(401);
    expect((await cardOf("mwila", 2)).memory.reps).toBe(0);
  });

  const call = async (as: string | null, method: "GET" | "POST", body?: unknown) => {
    const response = await fetch(`${server.url}/api/review/`, {
      method,
      headers: {
        ...(as ? { authorization: `Bearer ${students[as]!.access}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await response.json();
    return { status: response.status, headers: response.headers, body: json };
  };

  it("GET /api/review/ gives the app the student's own due questions and queue", async () => {
    clock = START;
    const { status, headers, body } = await call("chanda", "GET");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("private, no-store");
    const physics = await loadQuiz("introduction_to_physics");
    expect(body).toMatchObject({
      dueToday: 1,
      next: null,
      session: [
        {
          quiz: "introduction_to_physics",
          number: 1,
          text: physics.questions[0]!.question,
          answer: "B",
          due: START.toISOString(),
        },
      ],
      cards: [{ quiz: "introduction_to_physics", question: 1, inQueue: true, rightInARow: 0 }],
    });
    expect((await call(null, "GET")).status).toBe(401);
  });

  it("POST /api/review/ marks answers, replays one unchanged, and refuses bad input or another's question", async () => {
    clock = START;
    const answer = {
      id: newId(),
      quiz: "introduction_to_physics",
      question: 1,
      answer: "B",
      answeredAt: START.toISOString(),
    };
    const created = await call("chanda", "POST", answer);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: answer.id,
      answer: "B",
      rightAnswer: "B",
      correct: true,
      outcome: "created",
      card: { rightInARow: 1, inQueue: true },
    });
    const replayed = await call("chanda", "POST", [answer]);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual({
      saved: [{ ...(created.body as object), outcome: "unchanged" }],
    });

    const refusals: [unknown, number, RegExp][] = [
      [{ ...answer, id: "short" }, 400, /answer id is 16 to 64/],
      [{ ...answer, id: newId(), quiz: "nope" }, 400, /no Brain Booster quiz/],
      [{ ...answer, id: newId(), question: 0 }, 400, /whole number from 1/],
      [{ ...answer, id: newId(), answer: "D" }, 400, /A, B or C/],
      [{ ...answer, id: newId(), colour: "red" }, 400, /colour/],
      [{ ...answer, id: newId(), answeredAt: "2026-11-28T08:00:00Z" }, 400, /in the future/],
      [[], 400, /at least one answer/],
      [{ ...answer, id: newId(), quiz: "cell", question: 1 }, 404, /not in your review queue/],
    ];
    for (const [body, status, error] of refusals) {
      const refused = await call("chanda", "POST", body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect((refused.body as { error: string }).error).toMatch(error);
    }
    // One question of another's in a list: nothing of the list is saved.
    const mixed = await call("chanda", "POST", [
      { ...answer, id: newId(), answer: "A" },
      { ...answer, id: newId(), quiz: "cell", question: 1 },
    ]);
    expect(mixed.status).toBe(404);
    const { body } = await call("chanda", "GET");
    expect((body as { cards: { rightInARow: number }[] }).cards[0]!.rightInARow).toBe(1);
  });
});
