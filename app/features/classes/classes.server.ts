import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { classes, classMembers, classQuizzes } from "#database/schema";
import type { QuizSlug } from "#app/features/quizzes/public.server";
import { newClassCode } from "./class-code";
import type { NewClass } from "./schemas";

export type ForUser = { db: Database; userId: number };
export type ForClass = ForUser & { classId: number };

/** A teacher of many classes is still far below this; beyond it one account only fills the disk. */
const MOST_CLASSES_A_TEACHER = 50;
/** A school's whole year group fits (docs/decisions/0091-classes-and-their-codes.md). */
const MOST_STUDENTS_A_CLASS = 300;
const MOST_QUIZZES_A_CLASS = 100;

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && (error.cause as { code?: unknown } | undefined)?.code === "23505";

/** A fresh code; a clash with another class's (one in a billion) draws again. */
async function withNewCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await write(newClassCode());
    } catch (error) {
      if (!isUniqueViolation(error) || tries >= 5) throw error;
    }
  }
}

export async function createClass({ db, userId, name, subject, grade }: ForUser & NewClass) {
  const taught = await db.$count(classes, eq(classes.teacherId, userId));
  if (taught >= MOST_CLASSES_A_TEACHER) return { outcome: "too-many" } as const;
  const created = await withNewCode(async (code) => {
    const [row] = await db
      .insert(classes)
      .values({ teacherId: userId, name, subject, grade, code })
      .returning({ id: classes.id });
    return row!;
  });
  return { outcome: "created", id: created.id } as const;
}

const classColumns = {
  id: classes.id,
  name: classes.name,
  subject: classes.subject,
  grade: classes.grade,
  code: classes.code,
  createdAt: classes.createdAt,
};

/** The class, if this user teaches it; another teacher's is as missing as none. */
export async function findTaughtClass({ db, userId, classId }: ForClass) {
  const [found] = await db
    .select(classColumns)
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.teacherId, userId)));
  return found;
}

const taughtBy = (userId: number, classId: number) =>
  and(eq(classes.id, classId), eq(classes.teacherId, userId));

export async function renewCode({ db, userId, classId }: ForClass) {
  const renewed = await withNewCode(async (code) =>
    db
      .update(classes)
      .set({ code })
      .where(taughtBy(userId, classId))
      .returning({ code: classes.code }),
  );
  return renewed.length > 0
    ? ({ outcome: "renewed" } as const)
    : ({ outcome: "not-found" } as const);
}

/** Members and set quizzes go with it; the students' own attempts stay theirs. */
export async function closeClass({ db, userId, classId }: ForClass) {
  const closed = await db
    .delete(classes)
    .where(taughtBy(userId, classId))
    .returning({ id: classes.id });
  return closed.length > 0 ? ({ outcome: "closed" } as const) : ({ outcome: "not-found" } as const);
}

export async function setQuiz(set: ForClass & { quiz: QuizSlug; due: string | null }) {
  const { db, userId, classId, quiz, due } = set;
  if (!(await findTaughtClass({ db, userId, classId }))) return { outcome: "not-found" } as const;
  const already = await db.$count(classQuizzes, eq(classQuizzes.classId, classId));
  if (already >= MOST_QUIZZES_A_CLASS) return { outcome: "too-many" } as const;
  await db
    .insert(classQuizzes)
    .values({ classId, quiz, dueOn: due })
    .onConflictDoUpdate({ target: [classQuizzes.classId, classQuizzes.quiz], set: { dueOn: due } });
  return { outcome: "set" } as const;
}

export async function unsetQuiz({ db, userId, classId, quiz }: ForClass & { quiz: QuizSlug }) {
  if (!(await findTaughtClass({ db, userId, classId }))) return { outcome: "not-found" } as const;
  await db
    .delete(classQuizzes)
    .where(and(eq(classQuizzes.classId, classId), eq(classQuizzes.quiz, quiz)));
  return { outcome: "unset" } as const;
}

export async function removeStudent(removal: ForClass & { studentId: number }) {
  const { db, userId, classId, studentId } = removal;
  if (!(await findTaughtClass({ db, userId, classId }))) return { outcome: "not-found" } as const;
  await db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, studentId)));
  return { outcome: "removed" } as const;
}

/** What a student sees of a class before joining it: enough to know it is the right one. */
export async function findClassByCode({ db, code }: { db: Database; code: string }) {
  const [found] = await db
    .select({
      id: classes.id,
      name: classes.name,
      subject: classes.subject,
      grade: classes.grade,
      teacherId: classes.teacherId,
    })
    .from(classes)
    .where(eq(classes.code, code));
  return found;
}

/** Joining twice is joining once: the first moment stays the start of what the teacher sees. */
export async function joinClass({ db, userId, code, now }: ForUser & { code: string; now: Date }) {
  const found = await findClassByCode({ db, code });
  if (!found) return { outcome: "not-found" } as const;
  const joined = { id: found.id, name: found.name };
  if (found.teacherId === userId) return { outcome: "own-class", class: joined } as const;
  const members = await db.$count(classMembers, eq(classMembers.classId, found.id));
  if (members >= MOST_STUDENTS_A_CLASS) return { outcome: "full", class: joined } as const;
  const [inserted] = await db
    .insert(classMembers)
    .values({ classId: found.id, userId, joinedAt: now })
    .onConflictDoNothing()
    .returning({ joinedAt: classMembers.joinedAt });
  return { outcome: inserted ? "joined" : "already-in", class: joined } as const;
}

/** Leaving deletes the membership: from this moment the teacher sees nothing of the student. */
export async function leaveClass({ db, userId, classId }: ForClass) {
  const [left] = await db
    .delete(classMembers)
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId)))
    .returning({ classId: classMembers.classId });
  if (!left) return { outcome: "not-found" } as const;
  const [named] = await db
    .select({ name: classes.name })
    .from(classes)
    .where(eq(classes.id, classId));
  return { outcome: "left", name: named?.name ?? "the class" } as const;
}

export async function listTaughtClasses({ db, userId }: ForUser) {
  return db
    .select({
      id: classes.id,
      name: classes.name,
      subject: classes.subject,
      grade: classes.grade,
      code: classes.code,
      students:
        sql<number>`(select count(*) from ${classMembers} where ${classMembers.classId} = ${classes.id})`.mapWith(
          Number,
        ),
    })
    .from(classes)
    .where(eq(classes.teacherId, userId))
    .orderBy(asc(classes.name), asc(classes.id));
}

/** The classes a student is in, each with the quizzes set, soonest due first. */
export async function listJoinedClasses({ db, userId }: ForUser) {
  const rows = await db
    .select({
      id: classes.id,
      name: classes.name,
      subject: classes.subject,
      grade: classes.grade,
      joinedAt: classMembers.joinedAt,
      quiz: classQuizzes.quiz,
      dueOn: classQuizzes.dueOn,
    })
    .from(classMembers)
    .innerJoin(classes, eq(classes.id, classMembers.classId))
    .leftJoin(classQuizzes, eq(classQuizzes.classId, classes.id))
    .where(eq(classMembers.userId, userId))
    .orderBy(
      asc(classes.name),
      asc(classes.id),
      sql`${classQuizzes.dueOn} asc nulls last`,
      desc(classQuizzes.setAt),
    );
  const joined = new Map<
    number,
    {
      id: number;
      name: string;
      subject: string;
      grade: string;
      joinedAt: Date;
      quizzes: { quiz: QuizSlug; dueOn: string | null }[];
    }
  >();
  for (const { quiz, dueOn, ...row } of rows) {
    const entry = joined.get(row.id) ?? { ...row, quizzes: [] };
    joined.set(row.id, entry);
    if (quiz) entry.quizzes.push({ quiz: quiz as QuizSlug, dueOn });
  }
  return [...joined.values()];
}

/** Who is in the class and since when; their names come from the accounts feature. */
export async function listMembers({ db, classId }: { db: Database; classId: number }) {
  return db
    .select({ userId: classMembers.userId, joinedAt: classMembers.joinedAt })
    .from(classMembers)
    .where(eq(classMembers.classId, classId));
}

export async function listSetQuizzes({ db, classId }: { db: Database; classId: number }) {
  const rows = await db
    .select({ quiz: classQuizzes.quiz, dueOn: classQuizzes.dueOn, setAt: classQuizzes.setAt })
    .from(classQuizzes)
    .where(eq(classQuizzes.classId, classId))
    .orderBy(sql`${classQuizzes.dueOn} asc nulls last`, desc(classQuizzes.setAt));
  return rows.map((row) => ({ ...row, quiz: row.quiz as QuizSlug }));
}

/** The student's classes for the account's data export: what they joined, and what they teach. */
export async function classesForExport({ db, userId }: ForUser) {
  const [joined, taught] = await Promise.all([
    db
      .select({
        class: classes.name,
        subject: classes.subject,
        grade: classes.grade,
        joinedAt: classMembers.joinedAt,
      })
      .from(classMembers)
      .innerJoin(classes, eq(classes.id, classMembers.classId))
      .where(eq(classMembers.userId, userId))
      .orderBy(asc(classMembers.joinedAt)),
    db
      .select({
        class: classes.name,
        subject: classes.subject,
        grade: classes.grade,
        createdAt: classes.createdAt,
        students: count(classMembers.userId),
      })
      .from(classes)
      .leftJoin(classMembers, eq(classMembers.classId, classes.id))
      .where(eq(classes.teacherId, userId))
      .groupBy(classes.id)
      .orderBy(asc(classes.createdAt)),
  ]);
  return { joined, taught };
}
