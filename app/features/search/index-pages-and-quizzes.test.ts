import { describe, expect, it } from "vitest";
import type { QuizForPage } from "#app/features/quizzes/public.server";
import { quizSearchEntries } from "./index-pages-and-quizzes.server";

const quiz: QuizForPage = {
  slug: "enzymes",
  title: "Enzymes",
  level: "Grade 11",
  subject: "biology",
  description: "Ten questions on enzymes.",
  showScore: true,
  questions: [
    {
      question: "What is an enzyme?",
      options: ["A biological catalyst", "A hormone", "A vitamin"],
      answer: "A",
      explanation: "Enzymes speed up reactions without being used up.",
      diagram: null,
    },
    {
      question: "At what temperature do human enzymes work best?",
      options: ["0 °C", "37 °C", "100 °C"],
      answer: "B",
      explanation: "Body temperature.",
      diagram: null,
    },
  ],
};

describe("quizSearchEntries", () => {
  it("makes one entry for the quiz and one per question, each leading to the quiz page", () => {
    const entries = quizSearchEntries(quiz);
    expect(entries.map((entry) => [entry.key, entry.href])).toEqual([
      ["quiz:enzymes", "/enzymes"],
      ["question:enzymes:1", "/enzymes#question-1"],
      ["question:enzymes:2", "/enzymes#question-2"],
    ]);
    expect(entries[0]).toMatchObject({ kind: "quiz", place: "Brain Booster · Grade 11" });
    expect(entries[0]!.terms).toContain("g11");
    expect(entries[2]).toMatchObject({
      kind: "question",
      title: "At what temperature do human enzymes work best?",
      place: "Brain Booster · Enzymes · Question 2",
    });
  });

  it("shows a question's options but never says which is right", () => {
    const [, first] = quizSearchEntries(quiz);
    expect(first!.summary).toBe("A. A biological catalyst  B. A hormone  C. A vitamin");
    expect(`${first!.title} ${first!.place} ${first!.summary}`).not.toMatch(/answer|correct/i);
  });

  it("names a medical quiz's level the way students search for it", () => {
    const [entry] = quizSearchEntries({ ...quiz, level: "Second-year medicine" });
    expect(entry!.terms).toContain("medicine");
  });

  it("leads to a topic's Brain Booster under /quizzes/, and knows it by its subtopics", () => {
    const [entry, question] = quizSearchEntries(
      { ...quiz, slug: "biology-movement-of-substances" },
      ["diffusion", "osmosis"],
    );
    expect(entry!.href).toBe("/quizzes/biology-movement-of-substances");
    expect(entry!.terms).toContain("diffusion osmosis");
    expect(question!.href).toBe("/quizzes/biology-movement-of-substances#question-1");
  });
});
