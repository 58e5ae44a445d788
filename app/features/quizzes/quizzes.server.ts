import { readFile } from "node:fs/promises";
import path from "node:path";
import { readContentFile } from "#app/lib/content-files.server";
import type { QuizSlug } from "./quiz-constants";
import { QuizSchema, type Quiz } from "./quiz-schema";

type QuizDiagram = { svg: string; alt: string };
export type QuizForPage = Omit<Quiz, "questions"> & {
  questions: (Omit<Quiz["questions"][number], "diagram"> & { diagram: QuizDiagram | null })[];
};

const QUIZZES_DIR = path.resolve("content/quizzes");
const cache = new Map<QuizSlug, Promise<QuizForPage>>();

/**
 * A quiz with its diagrams' SVG inlined: the page carries everything the quiz needs, so it
 * keeps working with the connection gone (docs/requirements.md, "Brain Booster quizzes": a quiz makes no calls). Read once
 * per start.
 */
export function loadQuiz(slug: QuizSlug): Promise<QuizForPage> {
  let quiz = cache.get(slug);
  if (!quiz) {
    quiz = readQuiz(slug);
    quiz.catch(() => cache.delete(slug));
    cache.set(slug, quiz);
  }
  return quiz;
}

async function readQuiz(slug: QuizSlug): Promise<QuizForPage> {
  const quiz = await readContentFile(path.join(QUIZZES_DIR, `${slug}.json`), QuizSchema);
  const questions = await Promise.all(
    quiz.questions.map(async ({ diagram, ...question }) => ({
      ...question,
      diagram: diagram ? { svg: await readDiagram(diagram.file), alt: diagram.alt } : null,
    })),
  );
  return { ...quiz, questions };
}

async function readDiagram(file: string): Promise<string> {
  const svg = await readFile(path.join(QUIZZES_DIR, "diagrams", file), "utf8");
  assertSafeSvg(file, svg);
  return svg.replace(/<\?xml[^>]*\?>\s*/, "").trim();
}

/**
 * Diagrams are inlined into the page, so they must be plain drawings: no script, no event
 * handlers, no external references. Checked-in files only; this guards against a slip.
 */
export function assertSafeSvg(file: string, svg: string): void {
  const problems = [
    [/<script/i, "a script"],
    [/\son[a-z]+\s*=/i, "an event handler"],
    [/(href|src)\s*=\s*["'](?!#)/i, "an external reference"],
    [/<(image|foreignObject|iframe|object|embed)\b/i, "an embedded object"],
    // The Content-Security-Policy allows no inline styles: presentation attributes only.
    [/<style\b|\sstyle\s*=/i, "an inline style"],
  ] as const;
  for (const [pattern, what] of problems) {
    if (pattern.test(svg)) throw new Error(`content/quizzes/diagrams/${file} contains ${what}`);
  }
  if (!/^(<\?xml[^>]*\?>\s*)?<svg\b/.test(svg.trim()))
    throw new Error(`content/quizzes/diagrams/${file} is not an SVG`);
}
