import { describe, expect, it } from "vitest";
import { groupQuizzesByLevel, type QuizSummary } from "./quiz-list";

const quiz = (slug: QuizSummary["slug"], level: QuizSummary["level"]): QuizSummary => ({
  slug,
  title: slug,
  level,
  questionCount: 10,
});

describe("quizzes grouped by level", () => {
  it("puts the levels in study order, whatever order the quizzes come in", () => {
    const groups = groupQuizzesByLevel([
      quiz("the_cell", "Second-year medicine"),
      quiz("enzymes", "Grade 11"),
      quiz("cell", "Grade 10"),
    ]);
    expect(groups.map((group) => group.level)).toEqual([
      "Grade 10",
      "Grade 11",
      "Second-year medicine",
    ]);
  });

  it("keeps each level's quizzes in the order given and leaves out empty levels", () => {
    const groups = groupQuizzesByLevel([
      quiz("introduction_to_physics", "Grade 10"),
      quiz("introduction_to_pathology", "Second-year medicine"),
      quiz("cell", "Grade 10"),
    ]);
    expect(groups).toEqual([
      {
        level: "Grade 10",
        quizzes: [quiz("introduction_to_physics", "Grade 10"), quiz("cell", "Grade 10")],
      },
      {
        level: "Second-year medicine",
        quizzes: [quiz("introduction_to_pathology", "Second-year medicine")],
      },
    ]);
  });
});
