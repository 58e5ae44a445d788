import { describe, expect, it } from "vitest";
import type { Choice, Letter } from "#app/features/quizzes/public.server";
import {
  attemptsWhileMember,
  latestAnswersOf,
  mostMissed,
  studentName,
  studentsOnQuiz,
  type ReportAttempt,
} from "./class-report";

const day = (date: number) => new Date(Date.UTC(2026, 10, date, 8));
const KEY = [..."BCA"] as Letter[];
let made = 0;
function attempt(userId: number, answers: string, answeredAt: Date): ReportAttempt {
  const choices = [...answers].map((letter) => (letter === "-" ? "" : letter)) as Choice[];
  const score = choices.filter((choice, index) => choice === KEY[index]).length;
  return {
    id: `attempt-${String((made += 1)).padStart(4, "0")}`,
    userId,
    quiz: "cell",
    answers: choices,
    score,
    total: KEY.length,
    percentage: (score / KEY.length) * 100,
    answeredAt,
  };
}

describe("a class's report", () => {
  it("names a student by first name and last initial only", () => {
    expect(studentName("Mwila", "Banda")).toBe("Mwila B.");
    expect(studentName(" Chanda ", "  mulenga")).toBe("Chanda M.");
    expect(studentName("Bupe", "")).toBe("Bupe");
    expect(studentName("", "Phiri")).toBe("P.");
    expect(studentName("", "")).toBe("A student");
  });

  it("counts only what a student did after joining, and nothing of one who is not a member", () => {
    const members = [{ userId: 1, name: "Mwila B.", joinedAt: day(10) }];
    const before = attempt(1, "BCA", day(9));
    const after = attempt(1, "BCB", day(11));
    const stranger = attempt(2, "BCA", day(11));
    expect(attemptsWhileMember(members, [before, after, stranger])).toEqual([after]);
  });

  it("gives each student their attempts, best and latest, as My progress does", () => {
    const members = [
      { userId: 1, name: "Mwila B.", joinedAt: day(1) },
      { userId: 2, name: "Chanda M.", joinedAt: day(1) },
    ];
    const attempts = [
      attempt(1, "BC-", day(3)),
      attempt(1, "BCA", day(4)),
      attempt(1, "A--", day(5)),
    ];
    const [mwila, chanda] = studentsOnQuiz(members, attempts);
    expect(mwila).toEqual({
      userId: 1,
      name: "Mwila B.",
      attempts: 3,
      best: { score: 3, total: 3, percentage: 100 },
      latest: { score: 0, total: 3, percentage: 0, answeredAt: day(5) },
    });
    expect(chanda).toEqual({ userId: 2, name: "Chanda M.", attempts: 0, best: null, latest: null });
  });

  it("takes the attempt with the later id as latest when two were answered at one moment", () => {
    const members = [{ userId: 1, name: "Mwila B.", joinedAt: day(1) }];
    const first = attempt(1, "BCA", day(3));
    const second = attempt(1, "---", day(3));
    expect(studentsOnQuiz(members, [second, first])[0]?.latest?.score).toBe(0);
    expect(latestAnswersOf([second, first])).toEqual([["", "", ""]]);
  });

  it("lists the questions most students missed in their latest attempt, with the wrong answer chosen most", () => {
    const latest = [
      ["B", "A", "B"],
      ["B", "B", "A"],
      ["C", "A", ""],
      ["B", "C", ""],
    ] as Choice[][];
    expect(mostMissed(latest, KEY)).toEqual([
      { number: 2, missedBy: 3, commonWrong: "A", commonWrongBy: 2 },
      { number: 3, missedBy: 3, commonWrong: "", commonWrongBy: 2 },
      { number: 1, missedBy: 1, commonWrong: "C", commonWrongBy: 1 },
    ]);
    expect(mostMissed([["B", "C", "A"]], KEY)).toEqual([]);
  });

  it("breaks a tie between wrong answers toward a letter, then the earlier letter", () => {
    const latest = [["A"], ["C"], [""]] as Choice[][];
    expect(mostMissed(latest, ["B"])[0]).toMatchObject({ commonWrong: "A", commonWrongBy: 1 });
  });
});
