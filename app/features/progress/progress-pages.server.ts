import type { Database } from "#database/client.server";
import {
  eczPointsLine,
  formatPercentage,
  gradeLine,
  LETTERS,
  listQuizzes,
  loadQuiz,
  QUIZ_SLUGS,
  showsEczPoints,
  type Letter,
  type QuizForPage,
  type QuizSlug,
} from "#app/features/quizzes/public.server";
import { findAttempt, listAttempts, progressByQuiz } from "./attempts.server";
import { dayText } from "./day-text";
import { mostOftenWrong } from "./marking";
import {
  HISTORY_SHOWN,
  type AttemptReview,
  type QuizHistory,
  type QuizLevel,
  type QuizTried,
  type ResultText,
} from "./progress-views";
import type { PhoneQuizData } from "./page-parts";

/** The most attempts of one quiz read for its page (docs/decisions/0044-my-progress.md). */
const HISTORY_READ = 1000;

function resultText(
  { score, total, percentage }: { score: number; total: number; percentage: number },
  level: QuizLevel,
): ResultText {
  return {
    marks: `${score}/${total}`,
    percentage: formatPercentage(percentage),
    grade: gradeLine(percentage),
    ecz: showsEczPoints(level) ? eczPointsLine(percentage) : null,
  };
}

/** Every quiz a student has tried, latest first, with the best and the latest result. */
export async function listQuizzesTried({
  db,
  userId,
}: {
  db: Database;
  userId: number;
}): Promise<QuizTried[]> {
  const [progress, quizzes] = await Promise.all([progressByQuiz({ db, userId }), listQuizzes()]);
  const quizOf = new Map(quizzes.map((quiz) => [quiz.slug, quiz]));
  return progress.flatMap((entry) => {
    const quiz = quizOf.get(entry.quiz);
    if (!quiz) return [];
    return [
      {
        slug: quiz.slug,
        title: quiz.title,
        level: quiz.level,
        attempts: entry.attempts,
        best: resultText(entry.best, quiz.level),
        latest: { ...resultText(entry.latest, quiz.level), day: dayText(entry.latest.answeredAt) },
      },
    ];
  });
}

function optionText(question: QuizForPage["questions"][number], letter: Letter): string {
  return question.options[LETTERS.indexOf(letter)] ?? "";
}

/** One quiz's attempts by a student, newest first, and the questions they get wrong most often. */
export async function quizHistory({
  db,
  userId,
  quiz,
}: {
  db: Database;
  userId: number;
  quiz: QuizSlug;
}): Promise<QuizHistory> {
  const [attempts, content] = await Promise.all([
    listAttempts({ db, userId, quiz, limit: HISTORY_READ }),
    loadQuiz(quiz),
  ]);
  const key = content.questions.map((question) => question.answer);
  return {
    quiz: { slug: content.slug, title: content.title, level: content.level },
    attemptCount: attempts.length,
    attempts: attempts.slice(0, HISTORY_SHOWN).map((attempt) => ({
      id: attempt.id,
      day: dayText(attempt.answeredAt),
      ...resultText(attempt, content.level),
    })),
    oftenWrong: mostOftenWrong(
      attempts.map((attempt) => attempt.answers),
      key,
    ).map(({ question: number, wrong, attempts: tried }) => {
      const question = content.questions[number - 1]!;
      return {
        number,
        text: question.question,
        wrong,
        attempts: tried,
        answer: question.answer,
        answerText: optionText(question, question.answer),
        explanation: question.explanation,
      };
    }),
  };
}

/** One of the student's own attempts, question by question; undefined for anyone else's. */
export async function reviewAttempt({
  db,
  userId,
  id,
}: {
  db: Database;
  userId: number;
  id: string;
}): Promise<AttemptReview | undefined> {
  const attempt = await findAttempt({ db, userId, id });
  if (!attempt) return undefined;
  const content = await loadQuiz(attempt.quiz);
  return {
    quiz: { slug: content.slug, title: content.title, level: content.level },
    day: dayText(attempt.answeredAt),
    result: resultText(attempt, content.level),
    questions: content.questions.map((question, index) => {
      const chosen = attempt.answers[index] ?? "";
      return {
        number: index + 1,
        text: question.question,
        diagram: question.diagram,
        chosen,
        chosenText: chosen ? optionText(question, chosen) : "",
        correct: chosen === question.answer,
        answer: question.answer,
        answerText: optionText(question, question.answer),
        explanation: question.explanation,
      };
    }),
  };
}

/**
 * Each quiz's title and key, for the page script to name and mark the results waiting on a
 * phone. The keys are no secret: every quiz page marks in the browser with its own.
 */
export async function phoneQuizData(): Promise<PhoneQuizData> {
  const quizzes = await Promise.all(QUIZ_SLUGS.map((slug) => loadQuiz(slug)));
  return Object.fromEntries(
    quizzes.map((quiz) => [
      quiz.slug,
      { title: quiz.title, key: quiz.questions.map((question) => question.answer).join("") },
    ]),
  );
}
