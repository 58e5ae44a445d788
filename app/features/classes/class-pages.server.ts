import type { Database } from "#database/client.server";
import { listStudentNames } from "#app/features/accounts/public.server";
import { listAttemptsOfStudents } from "#app/features/progress/public.server";
import * as quizzes from "#app/features/quizzes/public.server";
import { dayText } from "#app/lib/day-text";
import { codeText, joinPath } from "./class-code";
import { csvText } from "./class-csv";
import {
  attemptsWhileMember,
  latestAnswersOf,
  mostMissed,
  studentName,
  studentsOnQuiz,
  type Mark,
  type Member,
  type ReportAttempt,
} from "./class-report";
import {
  findTaughtClass,
  listJoinedClasses,
  listMembers,
  listSetQuizzes,
  listTaughtClasses,
  type ForClass,
  type ForUser,
} from "./classes.server";
import { dueText, setByText } from "./due-text";

/** "8/10 (80%)", as My progress writes a result. */
const markText = ({ score, total, percentage }: Mark) =>
  `${score}/${total} (${quizzes.formatPercentage(percentage)})`;

async function quizTitles() {
  const listed = await quizzes.listQuizzes();
  return new Map(listed.map((quiz) => [quiz.slug, quiz]));
}

/** The members, named as a teacher may see them, alphabetically. */
async function namedMembers({ db, classId }: { db: Database; classId: number }) {
  const rows = await listMembers({ db, classId });
  const names = await listStudentNames({ db, userIds: rows.map((row) => row.userId) });
  const nameOf = new Map(names.map((row) => [row.id, studentName(row.firstName, row.lastName)]));
  return rows
    .map(({ userId, joinedAt }) => ({ userId, joinedAt, name: nameOf.get(userId) ?? "A student" }))
    .sort(
      (a, b) => a.name.localeCompare(b.name, "en") || a.joinedAt.getTime() - b.joinedAt.getTime(),
    );
}

/** What the members did on the set quizzes while in the class, and nothing else. */
async function memberAttempts(
  db: Database,
  members: readonly Member[],
  setQuizzes: readonly { quiz: string }[],
) {
  if (members.length === 0) return [];
  const rows = await listAttemptsOfStudents({
    db,
    userIds: members.map((member) => member.userId),
    quizzes: setQuizzes.map((set) => set.quiz),
    since: new Date(Math.min(...members.map((member) => member.joinedAt.getTime()))),
  });
  return attemptsWhileMember(members, rows);
}

async function classReport({ db, classId }: { db: Database; classId: number }) {
  const [members, setQuizzes] = await Promise.all([
    namedMembers({ db, classId }),
    listSetQuizzes({ db, classId }),
  ]);
  const attempts: ReportAttempt[] = await memberAttempts(db, members, setQuizzes);
  return { members, setQuizzes, attempts };
}

/** The teacher's page: undefined for a class this user does not teach (a 404). */
export async function teacherPage({ db, userId, classId, now }: ForClass & { now: Date }) {
  const found = await findTaughtClass({ db, userId, classId });
  if (!found) return undefined;
  const [{ members, setQuizzes, attempts }, titles] = await Promise.all([
    classReport({ db, classId }),
    quizTitles(),
  ]);
  const sets = await Promise.all(
    setQuizzes.map(async ({ quiz, dueOn }) => {
      const content = await quizzes.loadQuiz(quiz);
      const onQuiz = attempts.filter((attempt) => attempt.quiz === quiz);
      const students = studentsOnQuiz(members, onQuiz);
      const key = content.questions.map((question) => question.answer);
      const missed = mostMissed(latestAnswersOf(onQuiz), key).map((entry) => {
        const question = content.questions[entry.number - 1]!;
        const wrongIndex = entry.commonWrong ? quizzes.LETTERS.indexOf(entry.commonWrong) : -1;
        return {
          ...entry,
          text: question.question,
          commonWrongText: wrongIndex >= 0 ? (question.options[wrongIndex] ?? "") : "",
        };
      });
      return {
        quiz,
        title: titles.get(quiz)?.title ?? quiz,
        href: quizzes.quizPath(quiz),
        dueOn,
        due: dueText(dueOn, now),
        doneBy: students.filter((student) => student.attempts > 0).length,
        students: students.map((student) => ({
          userId: student.userId,
          name: student.name,
          attempts: student.attempts,
          best: student.best && markText(student.best),
          latest: student.latest && markText(student.latest),
          latestDay: student.latest ? dayText(student.latest.answeredAt) : "",
        })),
        missed,
      };
    }),
  );
  return {
    class: { ...found, codeText: codeText(found.code), joinPath: joinPath(found.code) },
    students: members.map((member) => ({
      userId: member.userId,
      name: member.name,
      joined: dayText(member.joinedAt),
      attempts: attempts.filter((attempt) => attempt.userId === member.userId).length,
    })),
    quizzes: sets,
  };
}

/** One student's attempts on the class's quizzes since joining, newest first. */
export async function teacherStudentPage(page: ForClass & { studentId: number }) {
  const { db, userId, classId, studentId } = page;
  const found = await findTaughtClass({ db, userId, classId });
  if (!found) return undefined;
  const [members, setQuizzes, titles] = await Promise.all([
    namedMembers({ db, classId }),
    listSetQuizzes({ db, classId }),
    quizTitles(),
  ]);
  const member = members.find((row) => row.userId === studentId);
  if (!member) return undefined;
  const rows = await memberAttempts(db, [member], setQuizzes);
  return {
    class: { id: found.id, name: found.name },
    student: {
      name: member.name,
      joined: dayText(member.joinedAt),
    },
    attempts: rows.map((row) => ({
      id: row.id,
      title: titles.get(row.quiz)?.title ?? row.quiz,
      day: dayText(row.answeredAt),
      result: markText(row),
    })),
  };
}

/** Every student's row for every set quiz, for a spreadsheet. */
export async function classCsv({ db, userId, classId }: ForClass) {
  const found = await findTaughtClass({ db, userId, classId });
  if (!found) return undefined;
  const [{ members, setQuizzes, attempts }, titles] = await Promise.all([
    classReport({ db, classId }),
    quizTitles(),
  ]);
  const rows: (string | number)[][] = [
    [
      "Student",
      "Quiz",
      "Due",
      "Attempts",
      "Best score",
      "Best %",
      "Latest score",
      "Latest %",
      "Latest on",
    ],
  ];
  for (const { quiz, dueOn } of setQuizzes) {
    const onQuiz = attempts.filter((attempt) => attempt.quiz === quiz);
    for (const student of studentsOnQuiz(members, onQuiz)) {
      rows.push([
        student.name,
        titles.get(quiz)?.title ?? quiz,
        dueOn ?? "",
        student.attempts,
        student.best ? `${student.best.score}/${student.best.total}` : "",
        student.best ? Math.round(student.best.percentage) : "",
        student.latest ? `${student.latest.score}/${student.latest.total}` : "",
        student.latest ? Math.round(student.latest.percentage) : "",
        student.latest ? student.latest.answeredAt.toISOString() : "",
      ]);
    }
  }
  const fileName = `${found.name.replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "") || "class"}.csv`;
  return { fileName, text: csvText(rows) };
}

/** A student's set quizzes, as Home and My progress list them. */
export async function setQuizLines({ db, userId, now }: ForUser & { now: Date }) {
  const [joined, titles] = await Promise.all([listJoinedClasses({ db, userId }), quizTitles()]);
  return joined.flatMap((entry) =>
    entry.quizzes.map(({ quiz, dueOn }) => ({
      key: `${entry.id}-${quiz}`,
      href: quizzes.quizPath(quiz),
      text: setByText(entry.name, titles.get(quiz)?.title ?? quiz, dueText(dueOn, now)),
    })),
  );
}

/** /classes: what the user teaches and what they are in. */
export async function myClassesPage({ db, userId, now }: ForUser & { now: Date }) {
  const [taught, joined, titles] = await Promise.all([
    listTaughtClasses({ db, userId }),
    listJoinedClasses({ db, userId }),
    quizTitles(),
  ]);
  return {
    taught: taught.map((entry) => ({ ...entry, codeText: codeText(entry.code) })),
    joined: joined.map((entry) => ({
      id: entry.id,
      name: entry.name,
      subject: entry.subject,
      grade: entry.grade,
      joined: dayText(entry.joinedAt),
      quizzes: entry.quizzes.map(({ quiz, dueOn }) => ({
        quiz,
        title: titles.get(quiz)?.title ?? quiz,
        href: quizzes.quizPath(quiz),
        due: dueText(dueOn, now),
      })),
    })),
  };
}

/** The app's list: each class the student is in, with its set quizzes. */
export async function myClassesJson({ db, userId }: ForUser) {
  const [joined, titles] = await Promise.all([listJoinedClasses({ db, userId }), quizTitles()]);
  return {
    classes: joined.map((entry) => ({
      id: entry.id,
      name: entry.name,
      subject: entry.subject,
      grade: entry.grade,
      joinedAt: entry.joinedAt.toISOString(),
      setQuizzes: entry.quizzes.map(({ quiz, dueOn }) => ({
        quiz,
        title: titles.get(quiz)?.title ?? quiz,
        path: quizzes.quizPath(quiz),
        dueOn,
      })),
    })),
  };
}

/** Quizzes a teacher can set: every Brain Booster, by subject and grade as /quizzes lists them. */
export async function quizChoices() {
  return [...(await quizTitles()).values()].map(({ slug, title, level }) => ({
    slug,
    title,
    level,
  }));
}
