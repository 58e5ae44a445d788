import { describe, expect, it } from "vitest";
import { createClass, findTaughtClass, setQuiz } from "#app/features/classes/classes.server";
import { codeText } from "#app/features/classes/class-code";
import { BUDGETS, measurePage } from "#bench/page-weight";
import { createTestSession, createTestUser } from "#tests/setup/accounts";
import { siteBehindOneProxy } from "#tests/setup/site-behind-proxy";
import { DATABASE_KINDS } from "#tests/setup/test-database";

/**
 * A school lab, or a mobile network, puts a whole class behind one address. Before, the
 * 11th student registering in a minute got 429, and a class mistyping passwords locked
 * itself out for three minutes.
 */
const CLASS_SIZE = 60;
const SCHOOL_ADDRESS = "41.63.9.1";
const PASSWORD = "Lower-Zambezi-Canoe-11";

describe.each(DATABASE_KINDS)(
  "a class of 60 behind one address, on %s",
  { timeout: 300_000 },
  (kind) => {
    // One minute, standing still: the whole class acts within it.
    const site = siteBehindOneProxy(kind, Date.UTC(2033, 0, 20, 8, 0, 0));

    const post = (path: string, body: object) =>
      fetch(`${site.server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": SCHOOL_ADDRESS },
        body: JSON.stringify(body),
      });

    /** Runs each student's steps, four students at a time, as a lab's phones would. */
    async function eachStudent(steps: (student: string) => Promise<number[]>) {
      const statuses: number[][] = [];
      for (let first = 0; first < CLASS_SIZE; first += 4) {
        const group = Array.from({ length: 4 }, (_, offset) => `pupil${first + offset}`);
        statuses.push(...(await Promise.all(group.map(steps))));
      }
      return statuses;
    }

    it("registers within a minute, and each student mistypes twice and still logs in", async () => {
      const registered = await eachStudent(async (student) => [
        (
          await post("/register/", {
            first_name: "Pupil",
            last_name: "Grade Ten",
            username: student,
            email: "",
            password: PASSWORD,
          })
        ).status,
      ]);
      expect(registered.flat()).toEqual(Array<number>(CLASS_SIZE).fill(201));

      const loggedIn = await eachStudent(async (student) => {
        const statuses = [];
        for (const password of ["lower-zambezi-canoe-11", "Lower-Zambezi-Canoe-1", PASSWORD])
          statuses.push((await post("/api/token/", { username: student, password })).status);
        return statuses;
      });
      expect(loggedIn).toEqual(Array.from({ length: CLASS_SIZE }, () => [401, 401, 200]));
    });

    it("joins one class, 60 students from one address, and the teacher sees every attempt", async () => {
      const { db } = site.database;
      const cookieOf = async (username: string) => {
        const { id } = await createTestUser(db, username);
        return `studyzed_session=${await createTestSession(db, id)}`;
      };
      const teacher = await createTestUser(db, `teacher-${kind}`);
      const started = await createClass({
        db,
        userId: teacher.id,
        name: "Grade 11 Blue",
        subject: "Biology",
        grade: "Grade 11",
      });
      if (started.outcome !== "created") throw new Error("the class was not started");
      const taught = { db, userId: teacher.id, classId: started.id };
      await setQuiz({ ...taught, quiz: "cell", due: null });
      const { code } = (await findTaughtClass(taught))!;
      const link = `/join/${codeText(code)}`;
      const asStudent = (cookie: string) => ({
        cookie,
        origin: site.server.url,
        "x-forwarded-for": SCHOOL_ADDRESS,
      });

      const statuses = await eachStudent(async (student) => {
        const cookie = await cookieOf(`joiner-${student}`);
        const opened = await fetch(`${site.server.url}${link}`, { headers: asStudent(cookie) });
        const joined = await fetch(`${site.server.url}${link}`, {
          method: "POST",
          headers: { ...asStudent(cookie), "content-type": "application/x-www-form-urlencoded" },
          body: "",
        });
        const attempt = await fetch(`${site.server.url}/api/attempts/`, {
          method: "POST",
          headers: { ...asStudent(cookie), "content-type": "application/json" },
          body: JSON.stringify({
            id: `school-${kind}-${student}-0001`,
            quiz: "cell",
            answers: [..."BCACABCABA"],
            answeredAt: new Date(Date.now() + 60_000).toISOString(),
          }),
        });
        return [opened.status, joined.status, attempt.status];
      });
      expect(statuses).toEqual(Array.from({ length: CLASS_SIZE }, () => [200, 200, 201]));

      const teacherCookie = `studyzed_session=${await createTestSession(db, teacher.id)}`;
      const page = await fetch(`${site.server.url}/classes/${started.id}`, {
        headers: { cookie: teacherCookie },
      });
      const html = await page.text();
      expect(html).toContain("60 students");
      expect(html).toContain("Done by 60 of 60 students");
      expect(html.match(/<td>10\/10 \(100%\)<\/td>/g)).toHaveLength(2 * CLASS_SIZE);
      // With all 60 and their results it still draws within a content page's budget.
      const weight = await measurePage(site.server.url, `/classes/${started.id}`, {
        cookie: teacherCookie,
      });
      expect(
        weight.firstRenderBytes,
        `${weight.firstRenderBytes} bytes to draw`,
      ).toBeLessThanOrEqual(BUDGETS.contentPageFirstRender);
      expect(weight.scripts).toEqual(["/offline.js"]);
    });
  },
);
