import { readFile } from "node:fs/promises";
import path from "node:path";
import { readContentFile } from "#app/lib/content-files.server";
import { assertSafeSvg } from "./diagram-check.server";
import { QUIZ_SLUGS, type QuizSlug } from "./quiz-constants";
import { QuizSchema } from "./quiz-schema";

export type QuizForPage = Awaited<ReturnType<typeof readQuiz>>;

const QUIZZES_DIR = path.resolve("content/quizzes");
const cache = new Map<QuizSlug, Promise<QuizForPage>>();

// Diagrams are inlined so that a quiz makes no calls (docs/requirements.md#brain-booster-quizzes).
export function loadQuiz(slug: QuizSlug): Promise<QuizForPage> {
  let quiz = cache.get(slug);
  if (!quiz) {
    quiz = readQuiz(slug);
    quiz.catch(() => cache.delete(slug));
    cache.set(slug, quiz);
  }
  return quiz;
}

async function readQuiz(slug: QuizSlug) {
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

export async function listQuizzes() {
  const quizzes = await Promise.all(QUIZ_SLUGS.map((slug) => loadQuiz(slug)));
  return quizzes.map((quiz) => ({
    slug: quiz.slug,
    title: quiz.title,
    level: quiz.level,
    questionCount: quiz.questions.length,
  }));
}
