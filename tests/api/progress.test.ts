import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AttemptInputSchema } from "#app/features/progress/attempt-input";
import { saveAttempts } from "#app/features/progress/attempts.server";
import { LOG_IN_INVITE } from "#app/features/progress/texts";
import { loadQuiz } from "#app/features/quizzes/public.server";
import { createTestUser, sessionCookieFor, TEST_PASSWORD } from "#tests/setup/accounts";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { readable } from "#tests/setup/readable-page";

// Keys (content/quizzes/*.json): physics BCABACCAAC (Grade 10); pathology, second-year medicine.
const PHYSICS_RIGHT = [..."BCABACCAAC"];
const ALL_A = (count: number) => Array<string>(count).fill("A");

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;
const attemptId = () => `progress-${Math.random().toString(36).slice(2, 14)}`;

/** The part of the /progress list about one quiz. */
function entryFor(page: string, title: string): string {
  const entry = page
    .split('<li class="progress-list__quiz">')
    .find((part) => part.includes(`>${title}</a>`));
  if (!entry) throw new Error(`no entry for ${title}`);
  return entry.split("</li>")[0]!;
}

describe.each(DATABASE_KINDS)("My progress pages on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let mwila: { cookie: string; physicsLatest: string };
  let chanda: { cookie: string; attempt: string };

  const save = async (userId: number, attempts: Record<string, unknown>[]) =>
    saveAttempts({
      db: database.db,
      userId,
      attempts: attempts.map((attempt) =>
        AttemptInputSchema.parse({ id: attemptId(), ...attempt }),
      ),
    });
  const get = async (path: string, cookie?: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
    return { response, page: readable(await response.text()) };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database });
    const mwilaName = unique("progress-mwila");
    const chandaName = unique("progress-chanda");
    const mwilaId = (await createTestUser(database.db, mwilaName)).id;
    const chandaId = (await createTestUser(database.db, chandaName)).id;
    const saved = await save(mwilaId, [
      {
        quiz: "introduction_to_physics",
        answers: PHYSICS_RIGHT,
        answeredAt: "2026-02-01T08:00:00Z",
      },
      { quiz: "introduction_to_physics", answers: ALL_A(10), answeredAt: "2026-02-02T08:00:00Z" },
      {
        quiz: "introduction_to_pathology",
        answers: ALL_A(20),
        answeredAt: "2026-01-05T08:00:00Z",
      },
    ]);
    const [theirs] = await save(chandaId, [
      {
        quiz: "introduction_to_physics",
        answers: ["", ...ALL_A(9)],
        answeredAt: "2026-03-01T08:00:00Z",
      },
    ]);
    mwila = {
      cookie: await sessionCookieFor(server.url, mwilaName),
      physicsLatest: saved[1]!.attempt.id,
    };
    chanda = {
      cookie: await sessionCookieFor(server.url, chandaName),
      attempt: theirs!.attempt.id,
    };
  });
  afterAll(async () => {
    await server?.close();
    await database?.destroy();
  });

  it("lists each quiz tried, latest first, with attempts, best, latest and ECZ points for grade quizzes only", async () => {
    const { response, page } = await get("/progress", mwila.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(page).toContain("<title>My progress");
    expect(page.indexOf("Introduction to Physics")).toBeLessThan(
      page.indexOf("Introduction to Pathology"),
    );

    const physics = entryFor(page, "Introduction to Physics");
    expect(physics).toContain('href="/progress/introduction_to_physics"');
    expect(physics).toContain("Grade 10 · 2 attempts · latest on 2 Feb 2026");
    expect(physics).toContain("Best: 10/10 (100%)");
    // AAAAAAAAAA against BCABACCAAC: questions 3, 5, 8 and 9 right.
    expect(physics).toMatch(
      /Latest: 4\/10 \(40%\) <span class="[^"]*grade--2">D\+: Bare Fail<\/span>/,
    );
    expect(physics).toContain("ECZ points: 8 (Satisfactory)");
    expect(physics).toContain('href="/introduction_to_physics">Try again');

    const pathology = entryFor(page, "Introduction to Pathology");
    expect(pathology).toContain("Second-year medicine · 1 attempt · latest on 5 Jan 2026");
    expect(pathology).toContain("Latest: ");
    expect(pathology).not.toContain("ECZ points");
    // Beside a "Bare Fail" band the points say pass: the page says why, and that they are approximate.
    expect(page).toContain("ECZ points are approximate");
    expect(page).toContain("They are not the letter grade");
    expect(page).not.toContain("Log in to keep your quiz results");
  });

  it("shows a student who has tried nothing where to start", async () => {
    const name = unique("progress-new");
    await createTestUser(database.db, name);
    const { response, page } = await get("/progress", await sessionCookieFor(server.url, name));
    expect(response.status).toBe(200);
    expect(page).toContain("You have not tried a quiz yet.");
    expect(page).toContain('href="/quizzes"');
  });

  it("shows one quiz's history and the questions got wrong most often, with the right answer and why", async () => {
    const { response, page } = await get("/progress/introduction_to_physics", mwila.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(page).toContain(`href="/progress/attempts/${mwila.physicsLatest}">2 Feb 2026</a>`);
    expect(page).toContain("ECZ points: 1 (Distinction)");
    expect(page).toContain("ECZ points are approximate");
    expect(page).not.toContain("/progress/attempts/" + chanda.attempt);
    const wrong = page.split("Questions you get wrong most often")[1]!.split("Your attempts")[0]!;
    // The latest attempt got 1, 2, 4, 6, 7 and 10 wrong; the first question first.
    const quiz = await loadQuiz("introduction_to_physics");
    const first = quiz.questions[0]!;
    expect(wrong).toContain(`Question 1: ${first.question}`);
    expect(wrong).toContain("Wrong 1 time out of 2.");
    expect(wrong).toContain(`Answer B. ${first.options[1]}`);
    expect(wrong).toContain(first.explanation);
    expect(wrong.match(/<li>/g)).toHaveLength(3);
  });

  it("shows the student's own attempt question by question, and another student's as not found", async () => {
    const own = await get(`/progress/attempts/${chanda.attempt}`, chanda.cookie);
    expect(own.response.status).toBe(200);
    expect(own.response.headers.get("cache-control")).toBe("private, no-store");
    expect(own.page).toContain("You got: 4/10 (40%)");
    expect(own.page).toContain("Your answer: No answer");
    expect(own.page).toContain("Right</p>");
    expect(own.page).toContain("Wrong</p>");

    const theirs = await get(`/progress/attempts/${chanda.attempt}`, mwila.cookie);
    expect(theirs.response.status).toBe(404);
    expect(theirs.page).toContain("Page not found");
    expect(theirs.page).not.toContain("Your answer");
    expect(theirs.page).not.toContain("You got");

    for (const id of ["no-such-attempt-0000", "x", "bad%20id%3Cscript%3E"]) {
      expect((await get(`/progress/attempts/${id}`, mwila.cookie)).response.status, id).toBe(404);
    }
  });

  it("answers a quiz that does not exist with the not-found page", async () => {
    expect((await get("/progress/no_such_quiz", mwila.cookie)).response.status).toBe(404);
    expect((await get("/progress/no_such_quiz")).response.status).toBe(404);
  });

  it.each(["/progress", "/progress/cell", "/progress/attempts/progress-0123456789ab"])(
    "invites a student who is not signed in to log in, on %s",
    async (path) => {
      const { response, page } = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(page).toContain(LOG_IN_INVITE);
      expect(page).toContain(`href="/login?next=${encodeURIComponent(path)}"`);
      expect(page).not.toContain("You got");
    },
  );

  it("lists the phone's results only with JavaScript, from data the page carries", async () => {
    const { page } = await get("/progress");
    expect(page).toContain("On this phone");
    expect(page).toContain("Results kept on this phone show here when JavaScript is on.");
    const data = /<script type="application\/json" id="progress-quizzes">([^<]*)<\/script>/.exec(
      page,
    );
    expect(JSON.parse(data![1]!)).toMatchObject({
      introduction_to_physics: { title: "Introduction to Physics", key: "BCABACCAAC" },
    });
    expect(page).toMatch(/<script src="\/assets\/progress-[\w-]{8}\.js" defer=""/);
  });

  it("goes back to My progress after logging in, and never to another site", async () => {
    const name = unique("progress-login");
    await createTestUser(database.db, name);
    const logIn = async (next: string) => {
      const { body, contentType } = formBody({ username: name, password: TEST_PASSWORD });
      const response = await fetch(`${server.url}/login?next=${encodeURIComponent(next)}`, {
        method: "POST",
        headers: { "content-type": contentType, origin: server.url },
        body,
      });
      expect(response.status).toBe(200);
      return /data-next="([^"]*)"/.exec(await response.text())?.[1];
    };
    expect(await logIn("/progress")).toBe("/progress");
    expect(await logIn("/progress/introduction_to_physics")).toBe(
      "/progress/introduction_to_physics",
    );
    expect(await logIn("https://evil.example/progress")).toBe("/");
  });
});
