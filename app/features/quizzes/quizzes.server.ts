import { readFile } from "node:fs/promises";
import path from "node:path";
import { readContentFile } from "#app/lib/content-files.server";
import { assertSafeSvg } from "./diagram-check.server";
import { QUIZ_SLUGS, type QuizSlug } from "./quiz-constants";
import type { QuizSummary } from "./quiz-list";
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
  // Diagrams are inlined into the page: only plain drawings pass (docs/security.md, "Quiz diagrams").
  assertSafeSvg(file, svg);
  return svg.replace(/<\?xml[^>]*\?>\s*/, "").trim();
}

/** Every quiz's title, level and question count, in the order of docs/requirements.md. */
export async function listQuizzes(): Promise<QuizSummary[]> {
  const quizzes = await Promise.all(QUIZ_SLUGS.map((slug) => loadQuiz(slug)));
  return quizzes.map((quiz) => ({
    slug: quiz.slug,
    title: quiz.title,
    level: quiz.level,
    questionCount: quiz.questions.length,
  }));
}
