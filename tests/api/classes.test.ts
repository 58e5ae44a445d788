import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import { AttemptInputSchema } from "#app/features/progress/attempt-input";
import { saveAttempts } from "#app/features/progress/attempts.server";
import { createTestUser, TEST_PASSWORD } from "#tests/setup/accounts";
import { formBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { readable } from "#tests/setup/readable-page";
import { missingFirst } from "#tests/setup/quiz-answers";

/**
 * Classes (docs/requirements.md#classes): a teacher starts one and sets a quiz, students join
 * by code, link or the app, and the teacher sees only what docs/security.md#classes allows.
 */

// content/quizzes/cell.json's key.
const CELL_KEY = [..."BCACABCABA"];
// Friday 27 November 2026, 10:00 in Lusaka.
const START = new Date("2026-11-27T08:00:00Z");
let sequence = 0;
const newId = () => `classes-api-${(sequence += 1).toString().padStart(6, "0")}`;

type Person = { id: number; cookie: string; access: string };

describe.each(DATABASE_KINDS)("classes on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let clock = START;
  const people: Record<string, Person> = {};

  const logIn = async (username: string) => {
    const response = await fetch(`${server.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    const body = (await response.json()) as { access: string };
    return { access: body.access, cookie: response.headers.get("set-cookie")!.split(";")[0]! };
  };

  const page = async (path: string, as?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: as ? { cookie: people[as]!.cookie } : {},
      redirect: "manual",
    });
    return { response, text: readable(await response.text()) };
  };
  const post = async (path: string, as: string, fields: Record<string, string | number>) => {
    const { body, contentType } = formBody(fields);
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": contentType, cookie: people[as]!.cookie, origin: server.url },
      body,
      redirect: "manual",
    });
    return { response, text: readable(await response.text()) };
  };
  const api = async (as: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${server.url}/api/classes/`, {
      method: init.method ?? "GET",
      headers: {
        authorization: `Bearer ${people[as]!.access}`,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { response, body: (await response.json()) as Record<string, unknown> };
  };

  /** An attempt at the cell quiz with the first `missed` questions wrong, answered at `at`. */
  const attempt = (name: string, missed: number, at: Date) =>
    saveAttempts({
      db: database.db,
      userId: people[name]!.id,
      attempts: [
        AttemptInputSchema.parse({
          id: newId(),
          quiz: "cell",
          answers: missingFirst(CELL_KEY, missed),
          answeredAt: at.toISOString(),
        }),
      ],
    });

  let classPath = "";
  let code = "";

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database, now: () => clock });
    const names = {
      teacher: ["Grace", "Mwanza"],
      mwila: ["Mwila", "Banda"],
      chanda: ["Chanda", "Mulenga"],
      bupe: ["Bupe", "Phiri"],
      other: ["Other", "Teacher"],
    };
    for (const [name, [firstName, lastName]] of Object.entries(names)) {
      const username = `classes-${name}-${kind}`;
      const { id } = await createTestUser(database.db, username);
      await database.db.update(users).set({ firstName, lastName }).where(eq(users.id, id));
      people[name] = { id, ...(await logIn(username)) };
    }
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it("lets a signed-in user start a class and gives it a code easy to read aloud", async () => {
    const signedOut = await page("/classes/new");
    expect(signedOut.response.status).toBe(302);
    expect(signedOut.response.headers.get("location")).toBe("/login?next=%2Fclasses%2Fnew");

    const started = await post("/classes/new", "teacher", {
      name: "Grade 11 Blue",
      subject: "Biology",
      grade: "Grade 11",
    });
    expect(started.response.status).toBe(303);
    classPath = started.response.headers.get("location")!;
    expect(classPath).toMatch(/^\/classes\/\d+$/);

    const { response, text } = await page(classPath, "teacher");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    code = /<p class="class-code">([2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3})<\/p>/.exec(text)![1]!;
    expect(text).toContain(`${server.url.replace(/\/$/, "")}/join/${code}`.replace(server.url, ""));
    expect(text).toContain("No student has joined yet.");

    const empty = await post("/classes/new", "teacher", { name: " ", subject: "x", grade: "y" });
    expect(empty.response.status).toBe(400);
    expect(empty.text).toContain("Type the class&#x27;s name.".replaceAll("&#x27;", "'"));
  });

  it("sets a quiz with a due day, and refuses a quiz that does not exist", async () => {
    const set = await post(`${classPath}/quizzes`, "teacher", { quiz: "cell", due: "2026-11-27" });
    expect(set.response.status).toBe(303);
    expect(
      (await post(`${classPath}/quizzes`, "teacher", { quiz: "nope", due: "" })).response.status,
    ).toBe(400);
    expect(
      (await post(`${classPath}/quizzes`, "teacher", { quiz: "cell", due: "2026-13-45" })).response
        .status,
    ).toBe(400);
    const { text } = await page(classPath, "teacher");
    expect(text).toContain("Due today · Done by 0 of 0 students");
  });

  it("lets students join by a code typed with spaces and small letters, by the link, and from the app", async () => {
    clock = new Date(START.getTime() + 60_000);
    const typed = `  ${code.toLowerCase().replace("-", " ")} `;
    const byCode = await post("/classes", "mwila", { intent: "join", code: typed });
    expect(byCode.response.status).toBe(200);
    expect(byCode.text).toContain("You joined Grade 11 Blue.");

    const link = await page(`/join/${code}`, "chanda");
    expect(link.response.status).toBe(200);
    expect(link.text).toContain("Join Grade 11 Blue");
    const byLink = await post(`/join/${code}`, "chanda", {});
    expect(byLink.response.status).toBe(200);
    expect(byLink.text).toContain("You joined Grade 11 Blue.");

    const byApp = await api("bupe", { method: "POST", body: { code: code.toLowerCase() } });
    expect(byApp.response.status).toBe(201);
    expect(byApp.body).toMatchObject({
      name: "Grade 11 Blue",
      subject: "Biology",
      grade: "Grade 11",
      setQuizzes: [
        { quiz: "cell", title: expect.any(String) as string, path: "/cell", dueOn: "2026-11-27" },
      ],
    });
    const again = await api("bupe", { method: "POST", body: { code } });
    expect(again.response.status).toBe(200);

    expect((await api("bupe", { method: "POST", body: { code: "ZZZ-ZZZ" } })).response.status).toBe(
      404,
    );
    expect((await api("bupe", { method: "POST", body: { code: "O0I1" } })).response.status).toBe(
      400,
    );
    expect(
      (await post("/classes", "mwila", { intent: "join", code: "nonsense!" })).response.status,
    ).toBe(400);
    expect((await page("/join/ABC")).response.status).toBe(404);
    const own = await post("/classes", "teacher", { intent: "join", code });
    expect(own.response.status).toBe(409);
  });

  it("shows a signed-out visitor the class and asks them to log in first", async () => {
    const { response, text } = await page(`/join/${code.toLowerCase()}`);
    expect(response.status).toBe(200);
    expect(text).toContain(`<a href="/login?next=%2Fjoin%2F${code}">Log in</a>`);
    expect(text.slice(text.indexOf("<main"))).not.toContain('method="post"');
  });

  it("tells students on Home, My progress and the app what is set", async () => {
    const line = "Set by Grade 11 Blue: Cell, due today";
    for (const path of ["/", "/progress", "/classes"]) {
      const { text } = await page(path, "mwila");
      expect(text, path).toContain(path === "/classes" ? ">Cell</a>, due today" : line);
    }
    const listed = await api("chanda");
    expect(listed.response.status).toBe(200);
    expect(listed.body.classes).toEqual([
      expect.objectContaining({
        name: "Grade 11 Blue",
        setQuizzes: [expect.objectContaining({ quiz: "cell" })],
      }),
    ]);
    expect((await page("/", "teacher")).text).not.toContain("Set by");
    // The menu leads a signed-in visitor to their classes; everyone else's has it hidden, for
    // a kept page to show once someone signs in (app/lib/viewer.ts).
    expect((await page("/about", "mwila")).text).toContain(
      '<li data-when="signed-in"><a href="/classes">My classes</a></li>',
    );
    expect((await page("/about")).text).toContain(
      '<li data-when="signed-in" hidden=""><a href="/classes">My classes</a></li>',
    );
  });

  it("shows the teacher each student's best and latest since joining, and the most-missed question", async () => {
    // Before joining: never shown.
    await attempt("mwila", 0, new Date(START.getTime() - 3600_000));
    await attempt("mwila", 3, new Date(START.getTime() + 120_000));
    await attempt("mwila", 1, new Date(START.getTime() + 180_000));
    await attempt("chanda", 2, new Date(START.getTime() + 120_000));
    const { text } = await page(classPath, "teacher");
    expect(text).toContain("Done by 2 of 3 students");
    expect(text).toMatch(
      /<td>Mwila B\.<\/td><td>9\/10 \(90%\)<\/td><td>9\/10 \(90%\)<\/td><td>2<\/td>/,
    );
    expect(text).toMatch(
      /<td>Chanda M\.<\/td><td>8\/10 \(80%\)<\/td><td>8\/10 \(80%\)<\/td><td>1<\/td>/,
    );
    expect(text).toMatch(/<td>Bupe P\.<\/td><td>Not done<\/td>/);
    // Question 1's key is B: both latest attempts chose C.
    expect(text).toContain("Question 1:");
    expect(text).toMatch(/Missed by 2 of 2\. 2 chose C: /);
    // Only first name and last initial; never a username or a surname.
    expect(text).not.toContain("Banda");
    expect(text).not.toContain("classes-mwila");

    const student = await page(`${classPath}/students/${people.mwila!.id}`, "teacher");
    expect(student.response.status).toBe(200);
    expect(student.text.match(/<tr><td>[^<]+<\/td><td>\d+\/10/g)).toHaveLength(2);

    const csv = await page(`${classPath}/csv`, "teacher");
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.response.headers.get("content-disposition")).toBe(
      'attachment; filename="Grade-11-Blue.csv"',
    );
    expect(csv.text.split("\r\n")).toEqual([
      "Student,Quiz,Due,Attempts,Best score,Best %,Latest score,Latest %,Latest on",
      "Bupe P.,Cell,2026-11-27,0,,,,,",
      expect.stringMatching(
        /^Chanda M\.,Cell,2026-11-27,1,8\/10,80,8\/10,80,2026-11-27T08:02:00\.000Z$/,
      ),
      expect.stringMatching(
        /^Mwila B\.,Cell,2026-11-27,2,9\/10,90,9\/10,90,2026-11-27T08:03:00\.000Z$/,
      ),
      "",
    ]);
  });

  it("shows another teacher's class, and a student, nothing: a 404 as for no class at all", async () => {
    for (const path of [
      classPath,
      `${classPath}/csv`,
      `${classPath}/quizzes`,
      `${classPath}/students/${people.mwila!.id}`,
    ]) {
      expect((await page(path, "other")).response.status, path).toBe(404);
      expect((await page(path, "mwila")).response.status, path).toBe(404);
    }
    expect((await post(classPath, "other", { intent: "renew-code" })).response.status).toBe(404);
    expect(
      (await page(`${classPath}/students/${people.other!.id}`, "teacher")).response.status,
    ).toBe(404);
    for (const path of [
      "/classes/abc",
      "/classes/0",
      "/classes/99999999999",
      `${classPath}/students/x`,
    ])
      expect((await page(path, "teacher")).response.status, path).toBe(404);
    const forged = await fetch(`${server.url}${classPath}`, {
      method: "POST",
      headers: { ...formHeaders("teacher"), origin: "https://elsewhere.example" },
      body: "intent=renew-code",
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
  });

  const formHeaders = (as: string) => ({
    "content-type": "application/x-www-form-urlencoded",
    cookie: people[as]!.cookie,
  });

  it("drops a student who leaves from the teacher's page at once", async () => {
    const classId = Number(classPath.split("/").pop());
    const left = await post("/classes", "chanda", { intent: "leave", class: classId });
    expect(left.text).toContain("You left Grade 11 Blue.");
    const { text } = await page(classPath, "teacher");
    expect(text).not.toContain("Chanda");
    expect(text).toContain("Done by 1 of 2 students");
    expect((await api("chanda")).body.classes).toEqual([]);
    expect((await page("/", "chanda")).text).not.toContain("Set by");
    expect(
      (await post("/classes", "chanda", { intent: "leave", class: classId })).response.status,
    ).toBe(404);
  });

  it("lets the teacher remove a student and renew the code, after which the old one joins no one", async () => {
    const removed = await post(classPath, "teacher", {
      intent: "remove-student",
      student: people.bupe!.id,
    });
    expect(removed.text).toContain("The student is no longer in the class.");
    expect(removed.text).not.toContain("Bupe");
    const renewed = await post(classPath, "teacher", { intent: "renew-code" });
    const newCode = /<p class="class-code">([\w-]+)<\/p>/.exec(renewed.text)![1]!;
    expect(newCode).not.toBe(code);
    expect((await api("bupe", { method: "POST", body: { code } })).response.status).toBe(404);
    expect((await api("bupe", { method: "POST", body: { code: newCode } })).response.status).toBe(
      201,
    );
    code = newCode;
  });

  it("exports a student's classes with their data, and deleting the account removes them from the class", async () => {
    const exported = await post("/account/data", "bupe", {});
    const data = JSON.parse(exported.text) as Record<string, unknown>;
    expect(data.classesJoined).toEqual([
      {
        class: "Grade 11 Blue",
        subject: "Biology",
        grade: "Grade 11",
        joinedAt: expect.any(String) as string,
      },
    ]);
    expect(data.classesTaught).toEqual([]);
    const teacherData = JSON.parse((await post("/account/data", "teacher", {})).text) as Record<
      string,
      unknown
    >;
    expect(teacherData.classesTaught).toEqual([
      expect.objectContaining({ class: "Grade 11 Blue", students: 2 }),
    ]);

    const deleted = await post("/account", "bupe", {
      intent: "delete-account",
      username: `classes-bupe-${kind}`,
    });
    expect(
      deleted.response.status,
      /class="form-error">([^<]*)/.exec(deleted.text)?.[1],
    ).toBeLessThan(400);
    const { text } = await page(classPath, "teacher");
    expect(text).not.toContain("Bupe");
    expect(text).toContain("1 student");
  });

  it("closes the class: its page is gone and its students see it no more", async () => {
    const refused = await post(classPath, "teacher", { intent: "close" });
    expect(refused.response.status).toBe(400);
    const closed = await post(classPath, "teacher", { intent: "close", confirm: "yes" });
    expect(closed.response.status).toBe(303);
    expect(closed.response.headers.get("location")).toBe("/classes");
    expect((await page(classPath, "teacher")).response.status).toBe(404);
    expect((await api("mwila")).body.classes).toEqual([]);
    expect((await page("/progress", "mwila")).text).toContain("Cell");
  });
});
