import { describe, expect, it } from "vitest";
import { quizPath, SPEC_QUIZ_SLUGS } from "./quiz-constants";

describe("a quiz's address", () => {
  it("keeps every spec quiz at the top level", () => {
    for (const slug of SPEC_QUIZ_SLUGS) expect(quizPath(slug)).toBe(`/${slug}`);
  });

  it("puts a topic's Brain Booster under /quizzes/", () => {
    expect(quizPath("biology-movement-of-substances")).toBe(
      "/quizzes/biology-movement-of-substances",
    );
    expect(quizPath("mathematics-sets")).toBe("/quizzes/mathematics-sets");
  });
});
