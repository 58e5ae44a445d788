import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { readContentFile } from "#app/lib/content-files.server";
import { assertSafeSvg } from "./diagram-check.server";
import {
  isSpecQuizSlug,
  SPEC_QUIZ_QUESTION_COUNTS,
  SPEC_QUIZ_SLUGS,
  TOPIC_QUIZ_QUESTION_COUNT,
  TOPIC_QUIZ_SLUG,
  type QuizSlug,
  type TopicQuizSlug,
} from "./quiz-constants";
import { QuizSchema, type Quiz } from "./quiz-schema";
import { TopicQuizSchema } from "./topic-quiz-schema";

export type QuizForPage = Awaited<ReturnType<typeof readQuiz>>;

const QUIZZES_DIR = path.resolve("content/quizzes");
const TOPIC_QUIZZES_DIR = path.join(QUIZZES_DIR, "topics");

// Read once, as the process starts: routes, attempts and the catalogue check a name against it.
const TOPIC_QUIZ_SLUGS = readdirSync(TOPIC_QUIZZES_DIR)
  .map((file) => file.replace(/\.json$/, ""))
  .filter((slug): slug is TopicQuizSlug => TOPIC_QUIZ_SLUG.test(slug))
  .sort();

/** Every quiz: the spec's ten, then a Brain Booster per topic (content/quizzes/README.md). */
export const QUIZ_SLUGS: readonly QuizSlug[] = [...SPEC_QUIZ_SLUGS, ...TOPIC_QUIZ_SLUGS];
const known = new Set<string>(QUIZ_SLUGS);

export function isQuizSlug(value: string): value is QuizSlug {
  return known.has(value);
}

export function questionCount(slug: QuizSlug): number {
  return isSpecQuizSlug(slug) ? SPEC_QUIZ_QUESTION_COUNTS[slug] : TOPIC_QUIZ_QUESTION_COUNT;
}

const cache = new Map<QuizSlug, Promise<QuizForPage>>();

// Diagrams are inlined so that a quiz works offline once loaded (docs/requirements.md#brain-booster-quizzes).
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
  const quiz: Omit<Quiz, "slug"> & { slug: QuizSlug } = isSpecQuizSlug(slug)
    ? await readContentFile(path.join(QUIZZES_DIR, `${slug}.json`), QuizSchema)
    : await readTopicQuiz(slug);
  const questions = await Promise.all(
    quiz.questions.map(async ({ diagram, ...question }) => ({
      ...question,
      diagram: diagram ? { svg: await readDiagram(diagram.file), alt: diagram.alt } : null,
    })),
  );
  return { ...quiz, subject: quiz.subject ?? null, questions };
}

async function readTopicQuiz(slug: TopicQuizSlug) {
  const file = path.join(TOPIC_QUIZZES_DIR, `${slug}.json`);
  const { topic: _topic, ...quiz } = await readContentFile(file, TopicQuizSchema);
  // Every topic quiz shows its total and grade, as the spec's scored quizzes do.
  return { ...quiz, slug, showScore: true };
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
    subject: quiz.subject,
    questionCount: quiz.questions.length,
  }));
}
