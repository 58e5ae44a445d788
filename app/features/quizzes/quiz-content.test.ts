import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readContentFile } from "#app/lib/content-files.server";
import { SPEC_QUIZ_QUESTION_COUNTS, SPEC_QUIZ_SLUGS } from "./quiz-constants";
import { assertSafeSvg } from "./diagram-check.server";
import { QuizSchema, type Quiz } from "./quiz-schema";
import { z } from "zod";

const DIR = path.resolve("content/quizzes");
const quizzes = new Map<string, Quiz>();

beforeAll(async () => {
  for (const slug of SPEC_QUIZ_SLUGS)
    quizzes.set(slug, await readContentFile(path.join(DIR, `${slug}.json`), QuizSchema));
});

describe("the Brain Booster content", () => {
  it.each(SPEC_QUIZ_SLUGS)("%s validates, with its required question count", (slug) => {
    const quiz = quizzes.get(slug)!;
    expect(quiz.slug).toBe(slug);
    expect(quiz.questions).toHaveLength(SPEC_QUIZ_QUESTION_COUNTS[slug]);
  });

  it("holds 112 questions in all", () => {
    expect([...quizzes.values()].reduce((sum, quiz) => sum + quiz.questions.length, 0)).toBe(112);
  });

  it.each([
    ["introduction_to_biology", "CBBBCCBBBB"],
    ["introduction_to_physics", "BCABACCAAC"],
    ["introduction_to_mathematics", "ABCCBABBAC"],
  ])("%s uses the older site's answer key", (slug, key) => {
    expect(
      quizzes
        .get(slug)!
        .questions.map((question) => question.answer)
        .join(""),
    ).toBe(key);
  });

  it("shows a total and grade on every quiz but biology and cell (docs/requirements.md)", () => {
    const withoutScore = SPEC_QUIZ_SLUGS.filter((slug) => !quizzes.get(slug)!.showScore);
    expect(withoutScore.sort()).toEqual(["cell", "introduction_to_biology"]);
  });

  it("never repeats a question's text, across all quizzes", () => {
    const texts = [...quizzes.values()].flatMap((quiz) =>
      quiz.questions.map((question) => question.question.toLowerCase()),
    );
    expect(texts.length - new Set(texts).size).toBe(0);
  });

  it("gives every question three different options", () => {
    for (const quiz of quizzes.values()) {
      for (const question of quiz.questions)
        expect(new Set(question.options).size, question.question).toBe(3);
    }
  });

  it("draws at least eight questions, each diagram an existing, safe, small SVG with alt text", async () => {
    const diagrams = [...quizzes.values()].flatMap((quiz) =>
      quiz.questions.flatMap((question) => (question.diagram ? [question.diagram] : [])),
    );
    expect(diagrams.length).toBeGreaterThanOrEqual(8);
    for (const diagram of diagrams) {
      expect(diagram.alt.length, diagram.file).toBeGreaterThan(15);
      const svg = await readFile(path.join(DIR, "diagrams", diagram.file), "utf8");
      expect(() => assertSafeSvg(diagram.file, svg)).not.toThrow();
      expect(svg, diagram.file).toMatch(/viewBox="/);
      expect(Buffer.byteLength(svg), diagram.file).toBeLessThan(8 * 1024);
    }
  });

  // docs/decisions/0009-picture-questions-and-screen-readers.md: a text alternative describes
  // the picture, label by label, and never gives the answer away.
  const diagramQuestions = () =>
    [...quizzes.values()].flatMap((quiz) =>
      quiz.questions.flatMap((question) =>
        question.diagram ? [{ ...question, alt: question.diagram.alt }] : [],
      ),
    );

  it("says in each diagram's text alternative what every label in the options marks", () => {
    const labelled = diagramQuestions().filter((question) =>
      question.options.every((option) => /^(Panel )?[A-Z\d]$/.test(option)),
    );
    expect(labelled.length).toBeGreaterThanOrEqual(9);
    for (const { alt, options, question } of labelled) {
      for (const label of options) {
        // "P marks …", "X reaches …", "Panel 1 has …": the label, then what it shows.
        expect(alt, `${question}: ${label}`).toMatch(
          new RegExp(`(^|[\\s:;,])${label} (?!and\\b|or\\b)[a-z]`),
        );
      }
    }
  });

  it("never names the answer in a diagram's text alternative", () => {
    for (const { alt, options, answer, question } of diagramQuestions()) {
      const right = options["ABC".indexOf(answer)]!;
      if (!/^(Panel )?[A-Z\d]$/.test(right)) {
        expect(alt.toLowerCase(), question).not.toContain(right.toLowerCase());
        // "34 cm³" is not given away as "34 cubic centimetres" either.
        for (const number of numbersIn(right))
          expect(namesNumber(alt, number), `${question}: ${number}`).toBe(false);
      }
      // "Which letter marks a chloroplast?": the alternative never says "chloroplast".
      const asked = /(?:marks|labels|shows|represents) (?:an? |the )?([^?]+)\?$/.exec(question);
      if (asked) expect(alt.toLowerCase(), question).not.toContain(asked[1]!.toLowerCase());
    }
  });

  // A read-off question is answered from where the reading falls against the scale's marks:
  // the text alternative says where, and the student works out the value, as a sighted one does.
  it.each([
    "introduction_to_physics-measuring-cylinder.svg",
    "introduction_to_physics-metre-rule.svg",
    "enzymes-temperature-graph.svg",
  ])("places the reading in %s against the scale's marks, without giving it", (file) => {
    const readOff = diagramQuestions().find((question) => question.diagram?.file === file);
    expect(readOff, file).toBeDefined();
    const { alt, options, answer } = readOff!;
    expect(alt).toMatch(/\blevel with\b|\bbetween the \d+ and \d+ marks\b/);
    const right = options["ABC".indexOf(answer)]!;
    expect(numbersIn(right).length).toBeGreaterThan(0);
    for (const number of numbersIn(right)) expect(namesNumber(alt, number), number).toBe(false);
  });

  // A quiz page inlines all its diagrams, so an id two of them share points at the wrong one.
  it("gives no two diagrams of one quiz the same id", async () => {
    for (const quiz of quizzes.values()) {
      const ids: string[] = [];
      for (const { diagram } of quiz.questions) {
        if (!diagram) continue;
        const svg = await readFile(path.join(DIR, "diagrams", diagram.file), "utf8");
        ids.push(...Array.from(svg.matchAll(/\bid="([^"]+)"/g), (match) => match[1]!));
      }
      expect(ids.length - new Set(ids).size, quiz.slug).toBe(0);
    }
  });

  it("leaves no diagram file unused", async () => {
    const used = new Set(
      [...quizzes.values()].flatMap((quiz) =>
        quiz.questions.flatMap((question) => (question.diagram ? [question.diagram.file] : [])),
      ),
    );
    const files = (await readdir(path.join(DIR, "diagrams"))).filter((file) =>
      file.endsWith(".svg"),
    );
    expect(files.filter((file) => !used.has(file))).toEqual([]);
  });

  // docs/decisions/0078-honest-content-and-docs-that-match.md: a topic's booklet and its quiz
  // are for the same grade.
  it("gives a quiz the grade of the subject-page topic that links to it", async () => {
    const SubjectPage = z.object({
      sections: z.array(
        z.object({
          grade: z.string(),
          topics: z.array(z.object({ title: z.string(), brainBooster: z.string().optional() })),
        }),
      ),
    });
    const grades: Record<string, string> = {
      Ten: "Grade 10",
      Eleven: "Grade 11",
      Twelve: "Grade 12",
    };
    const folder = path.resolve("content/catalogue/subjects");
    let linked = 0;
    for (const file of await readdir(folder)) {
      const page = await readContentFile(path.join(folder, file), SubjectPage);
      for (const { grade, topics } of page.sections) {
        for (const { title, brainBooster } of topics) {
          const quiz = brainBooster === undefined ? undefined : quizzes.get(brainBooster);
          if (!quiz) continue;
          linked++;
          expect(quiz.level, `${file}: ${title}`).toBe(grades[grade]);
        }
      }
    }
    expect(linked).toBeGreaterThanOrEqual(7);
  });
});

const numbersIn = (text: string) => text.match(/\d+(?:\.\d+)?/g) ?? [];

/** "34" in "level with 34" but not in "340" or "3.4". */
function namesNumber(text: string, number: string): boolean {
  return new RegExp(`(?<![\\d.])${number.replace(".", "\\.")}(?!\\d|\\.\\d)`).test(text);
}

describe("assertSafeSvg", () => {
  // Each attack on the check is kept in tests/security/svg-diagrams.test.ts.
  it.each([
    ['<svg viewBox="0 0 1 1"><script>alert(1)</script></svg>', "element <script> is not allowed"],
    ['<svg viewBox="0 0 1 1" onload="alert(1)"></svg>', 'attribute "onload" on <svg>'],
    ['<svg viewBox="0 0 1 1"><a href="https://evil.example">x</a></svg>', "element <a>"],
    ['<svg viewBox="0 0 1 1"><foreignObject></foreignObject></svg>', "element <foreignObject>"],
    ['<svg viewBox="0 0 1 1"><style>.a{fill:red}</style></svg>', "element <style>"],
    ['<svg viewBox="0 0 1 1"><rect style="fill:red"/></svg>', 'attribute "style" on <rect>'],
    ["<html></html>", "the root element must be <svg>"],
  ])("refuses %s", (svg, problem) => {
    expect(() => assertSafeSvg("x.svg", svg)).toThrow(problem);
  });
});
