import { describe, expect, it } from "vitest";
import { groupQuizzes, type QuizSummary } from "./quiz-list";

const quiz = (
  slug: QuizSummary["slug"],
  level: QuizSummary["level"],
  subject: QuizSummary["subject"],
): QuizSummary => ({ slug, title: slug, level, subject, questionCount: 10 });

describe("quizzes grouped by subject and grade", () => {
  it("puts subjects in the subject pages' order and grades in study order, medicine last", () => {
    const groups = groupQuizzes([
      quiz("the_cell", "Second-year medicine", null),
      quiz("physics-waves", "Grade 11", "physics"),
      quiz("enzymes", "Grade 11", "biology"),
      quiz("cell", "Grade 10", "biology"),
    ]);
    expect(groups.map((group) => [group.name, group.levels.map((level) => level.level)])).toEqual([
      ["Biology", ["Grade 10", "Grade 11"]],
      ["Physics", ["Grade 11"]],
      ["Medicine", ["Second-year medicine"]],
    ]);
  });

  it("keeps each grade's quizzes in the order given and leaves out empty subjects", () => {
    const groups = groupQuizzes([
      quiz("introduction_to_physics", "Grade 10", "physics"),
      quiz("physics-measurements", "Grade 10", "physics"),
    ]);
    expect(groups).toEqual([
      {
        name: "Physics",
        levels: [
          {
            level: "Grade 10",
            quizzes: [
              quiz("introduction_to_physics", "Grade 10", "physics"),
              quiz("physics-measurements", "Grade 10", "physics"),
            ],
          },
        ],
      },
    ]);
  });
});
