import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import {
  createClass,
  joinClass,
  findTaughtClass,
  setQuiz,
} from "#app/features/classes/classes.server";
import { AttemptInputSchema } from "#app/features/progress/attempt-input";
import { saveAttempts } from "#app/features/progress/attempts.server";
import { loadQuiz, type QuizSlug } from "#app/features/quizzes/public.server";
import { createTestSession, createTestUser } from "#tests/setup/accounts";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { readable } from "#tests/setup/readable-page";

/**
 * Every figure on a teacher's class page (docs/decisions/0092-what-a-teacher-sees.md) equals
 * the one worked out from the students' own My progress pages, over 1,000 attempts saved
 * through the function the quiz pages and the app save with.
 */
const ATTEMPTS = 1_000;
const QUIZZES: QuizSlug[] = ["cell", "introduction_to_pathology", "biology-movement-of-substances"];
const NAMES = [
  ["Mwila", "Banda"],
  ["Chanda", "Mulenga"],
  ["Bupe", "Phiri"],
  ["Natasha", "Zulu"],
  ["Kondwani", "Tembo"],
  ["Mutale", "Lungu"],
  ["Thandiwe", "Sakala"],
  ["Luyando", "Mwale"],
  ["Chipo", "Daka"],
  ["Musonda", "Kapata"],
  ["Namwinga", "Chileshe"],
  ["Emmanuel", "Ngoma"],
] as const;
const JOINED = new Date("2026-11-20T06:00:00Z");
const NOW = new Date("2026-11-27T08:00:00Z");
const CHOICES = ["A", "B", "C", ""] as const;

/** A fixed sequence of numbers in [0, 1): the same attempts on every run (mulberry32). */
function randomFrom(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Figures = { attempts: number; best: string; latest: string };

describe.each(DATABASE_KINDS)("a class's figures on %s", { timeout: 300_000 }, (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let classId = 0;
  let teacherCookie = "";
  const students: { name: string; cookie: string }[] = [];

  const html = async (path: string, cookie: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
    expect(response.status, path).toBe(200);
    return readable(await response.text());
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database, now: () => NOW });
    const { db } = database;
    const teacher = await createTestUser(db, `figures-teacher-${kind}`);
    teacherCookie = `studyzed_session=${await createTestSession(db, teacher.id)}`;
    const started = await createClass({
      db,
      userId: teacher.id,
      name: "Figures",
      subject: "Biology",
      grade: "Grade 11",
    });
    if (started.outcome !== "created") throw new Error("the class was not started");
    classId = started.id;
    for (const quiz of QUIZZES) await setQuiz({ db, userId: teacher.id, classId, quiz, due: null });
    const { code } = (await findTaughtClass({ db, userId: teacher.id, classId }))!;

    const random = randomFrom(37);
    const keys = new Map(
      await Promise.all(
        QUIZZES.map(
          async (quiz) => [quiz, (await loadQuiz(quiz)).questions.map((q) => q.answer)] as const,
        ),
      ),
    );
    const ids: number[] = [];
    for (const [index, [firstName, lastName]] of NAMES.entries()) {
      const { id } = await createTestUser(db, `figures-${index}-${kind}`);
      await db.update(users).set({ firstName, lastName }).where(eq(users.id, id));
      await joinClass({ db, userId: id, code, now: JOINED });
      ids.push(id);
      students.push({
        name: `${firstName} ${lastName[0]}.`,
        cookie: `studyzed_session=${await createTestSession(db, id)}`,
      });
    }
    const byStudent = new Map<number, ReturnType<typeof AttemptInputSchema.parse>[]>();
    for (let made = 0; made < ATTEMPTS; made++) {
      const userId = ids[Math.floor(random() * ids.length)]!;
      const quiz = QUIZZES[Math.floor(random() * QUIZZES.length)]!;
      const knows = random();
      const answers = keys
        .get(quiz)!
        .map((letter) =>
          random() < knows ? letter : CHOICES[Math.floor(random() * CHOICES.length)]!,
        );
      // Whole minutes, so some attempts share a moment and the id decides which is latest.
      const answeredAt = new Date(JOINED.getTime() + Math.floor(random() * 7 * 24 * 60) * 60_000);
      const list = byStudent.get(userId) ?? [];
      list.push(
        AttemptInputSchema.parse({
          id: `figures-${kind}-${String(made).padStart(5, "0")}`,
          quiz,
          answers,
          answeredAt: answeredAt.toISOString(),
        }),
      );
      byStudent.set(userId, list);
    }
    for (const [userId, attempts] of byStudent)
      await saveAttempts({
        db,
        userId,
        attempts,
      });
  }, 300_000);
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it("equals My progress: attempts, best, latest, who has done it, and the most-missed questions", async () => {
    const page = await html(`/classes/${classId}`, teacherCookie);
    let compared = 0;
    for (const quiz of QUIZZES) {
      const key = (await loadQuiz(quiz)).questions.map((question) => question.answer);
      const section = page.slice(
        page.indexOf(`aria-labelledby="quiz-${quiz}"`),
        page.indexOf("</section>", page.indexOf(`aria-labelledby="quiz-${quiz}"`)),
      );
      const shown = new Map(
        [
          ...section.matchAll(
            /<tr><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]*)<\/td><td>(\d+)<\/td><\/tr>/g,
          ),
        ].map(([, name, best, latest, attempts]) => [
          name!,
          { attempts: Number(attempts), best: best!, latest: latest! },
        ]),
      );
      expect(shown.size).toBe(NAMES.length);

      // Each student's own My progress: the list, the quiz's history, its latest attempt.
      const latestAnswers: string[][] = [];
      for (const student of students) {
        const progress = await html("/progress", student.cookie);
        const item = progress
          .split('<li class="progress-list__quiz">')
          .find((part) => part.includes(`href="/progress/${quiz}"`));
        let own: Figures = { attempts: 0, best: "Not done", latest: "" };
        if (item) {
          own = {
            attempts: Number(/(\d+) attempts?/.exec(item)![1]),
            best: /Best: ([^<]+)<\/p>/.exec(item)![1]!.trim(),
            latest: /Latest: (\d+\/\d+ \([^)]+\))/.exec(item)![1]!,
          };
          const history = await html(`/progress/${quiz}`, student.cookie);
          const latestId = /href="\/progress\/attempts\/([^"]+)"/.exec(history)![1]!;
          const review = await html(`/progress/attempts/${latestId}`, student.cookie);
          latestAnswers.push(
            [...review.matchAll(/Your answer: (?:([ABC])\. |No answer)/g)].map(
              (match) => match[1] ?? "",
            ),
          );
        }
        expect(shown.get(student.name), `${student.name}, ${quiz}`).toEqual(own);
        compared += 1;
      }
      expect(section).toContain(`Done by ${latestAnswers.length} of ${NAMES.length} students`);

      // The questions most missed in the latest attempts, and the wrong letter chosen most.
      const missed = key.map((answer, index) => {
        const wrong = latestAnswers
          .map((answers) => answers[index] ?? "")
          .filter((choice) => choice !== answer);
        const counts = new Map<string, number>();
        for (const choice of wrong) counts.set(choice, (counts.get(choice) ?? 0) + 1);
        return { number: index + 1, missedBy: wrong.length, counts };
      });
      const expected = missed
        .filter((question) => question.missedBy > 0)
        .sort((a, b) => b.missedBy - a.missedBy || a.number - b.number)
        .slice(0, 3);
      const listed = [
        ...section.matchAll(
          /<li>Question (\d+): [\s\S]*? Missed by (\d+) of (\d+)\. (?:(\d+) chose ([ABC]):|Most left it blank\.)/g,
        ),
      ];
      expect(listed.map((match) => [Number(match[1]), Number(match[2]), Number(match[3])])).toEqual(
        expected.map((question) => [question.number, question.missedBy, latestAnswers.length]),
      );
      for (const [index, match] of listed.entries()) {
        const counts = expected[index]!.counts;
        const most = Math.max(...counts.values());
        if (match[5]) {
          expect(Number(match[4])).toBe(most);
          expect(counts.get(match[5])).toBe(most);
        } else expect(counts.get("")).toBe(most);
      }
    }
    expect(compared).toBe(NAMES.length * QUIZZES.length);
    // Every one of the 1,000 attempts is on the page, counted once.
    const total = [
      ...page.matchAll(
        /<td><a href="\/classes\/\d+\/students\/\d+">[^<]+<\/a><\/td><td>[^<]+<\/td><td>(\d+)<\/td>/g,
      ),
    ]
      .map((match) => Number(match[1]))
      .reduce((sum, count) => sum + count, 0);
    expect(total).toBe(ATTEMPTS);
  });
});
