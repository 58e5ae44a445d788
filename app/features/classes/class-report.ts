import type { Choice, Letter, QuizSlug } from "#app/features/quizzes/public.server";

/** What a teacher may know of a student (docs/security.md#classes). */
export type Member = { userId: number; name: string; joinedAt: Date };
export type ReportAttempt = {
  id: string;
  userId: number;
  quiz: QuizSlug;
  answers: readonly Choice[];
  score: number;
  total: number;
  percentage: number;
  answeredAt: Date;
};
export type Mark = { score: number; total: number; percentage: number };
export type StudentOnQuiz = {
  userId: number;
  name: string;
  attempts: number;
  best: Mark | null;
  latest: (Mark & { answeredAt: Date }) | null;
};
export type MissedQuestion = {
  number: number;
  missedBy: number;
  /** The wrong letter chosen most often, or "" when most who missed it gave no answer. */
  commonWrong: Choice;
  commonWrongBy: number;
};

/** Shown on the class page; the CSV has every student's row. */
const MISSED_QUESTIONS_SHOWN = 3;

/** "Mwila B.": a first name and the last name's first letter, and nothing more. */
export function studentName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0]?.toLocaleUpperCase("en") ?? "";
  if (!first) return initial ? `${initial}.` : "A student";
  return initial ? `${first} ${initial}.` : first;
}

/** Newest first, as My progress orders them: by when it was answered, then by id. */
const newerFirst = (a: ReportAttempt, b: ReportAttempt) =>
  b.answeredAt.getTime() - a.answeredAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Only what a student did while in the class: from the moment they joined (a student who left
 * has no membership, so nothing of theirs reaches here).
 */
export function attemptsWhileMember(
  members: readonly Member[],
  attempts: readonly ReportAttempt[],
) {
  const joined = new Map(members.map((member) => [member.userId, member.joinedAt.getTime()]));
  return attempts.filter((attempt) => {
    const since = joined.get(attempt.userId);
    return since !== undefined && attempt.answeredAt.getTime() >= since;
  });
}

/** Each student's attempts, best and latest on one quiz: the figures My progress shows. */
export function studentsOnQuiz(
  members: readonly Member[],
  attempts: readonly ReportAttempt[],
): StudentOnQuiz[] {
  return members.map(({ userId, name }) => {
    const own = attempts.filter((attempt) => attempt.userId === userId).sort(newerFirst);
    const latest = own[0];
    if (!latest) return { userId, name, attempts: 0, best: null, latest: null };
    // As My progress: the highest score and the highest percentage, of the quiz's total.
    const best = {
      score: Math.max(...own.map((attempt) => attempt.score)),
      total: Math.max(...own.map((attempt) => attempt.total)),
      percentage: Math.max(...own.map((attempt) => attempt.percentage)),
    };
    const { score, percentage, answeredAt } = latest;
    return {
      userId,
      name,
      attempts: own.length,
      best,
      latest: { score, total: best.total, percentage, answeredAt },
    };
  });
}

/**
 * The questions most of the class got wrong, each student counted once by their latest
 * attempt (what they know now, not how often they tried), with the wrong answer chosen most.
 */
export function mostMissed(
  latestAnswers: readonly (readonly Choice[])[],
  key: readonly Letter[],
  limit = MISSED_QUESTIONS_SHOWN,
): MissedQuestion[] {
  return key
    .map((answer, index) => {
      const wrong = latestAnswers
        .map((answers) => answers[index] ?? "")
        .filter((choice) => choice !== answer);
      const counts = new Map<Choice, number>();
      for (const choice of wrong) counts.set(choice, (counts.get(choice) ?? 0) + 1);
      // Ties go to a letter before no answer, then to the earlier letter.
      const [commonWrong, commonWrongBy] = [...counts].sort(
        ([a, countA], [b, countB]) =>
          countB - countA || (a === "" ? 1 : 0) - (b === "" ? 1 : 0) || a.localeCompare(b),
      )[0] ?? ["", 0];
      return { number: index + 1, missedBy: wrong.length, commonWrong, commonWrongBy };
    })
    .filter((question) => question.missedBy > 0)
    .sort((a, b) => b.missedBy - a.missedBy || a.number - b.number)
    .slice(0, limit);
}

/** The latest attempt's answers of each student who has done the quiz. */
export function latestAnswersOf(attempts: readonly ReportAttempt[]): Choice[][] {
  const latest = new Map<number, ReportAttempt>();
  for (const attempt of [...attempts].sort(newerFirst))
    if (!latest.has(attempt.userId)) latest.set(attempt.userId, attempt);
  return [...latest.values()].map((attempt) => [...attempt.answers]);
}
