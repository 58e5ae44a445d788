import * as quizzes from "#app/features/quizzes/public.server";
import { findAttempt, listAttempts, progressByQuiz, type ForStudent } from "./attempts.server";
import { dayText } from "#app/lib/day-text";
import { mostOftenWrong } from "./marking";
import type { PhoneQuizData } from "./page-parts";

const HISTORY_READ = 1000;
const HISTORY_SHOWN = 50;

export type ResultText = ReturnType<typeof resultText>;
export type QuizTried = Awaited<ReturnType<typeof listQuizzesTried>>[number];
export type QuizHistory = Awaited<ReturnType<typeof quizHistory>>;
export type AttemptReview = NonNullable<Awaited<ReturnType<typeof reviewAttempt>>>;

function resultText(
  { score, total, percentage }: { score: number; total: number; percentage: number },
  level: quizzes.QuizForPage["level"],
) {
  return {
    marks: `${score}/${total}`,
    percentage: quizzes.formatPercentage(percentage),
    grade: quizzes.gradeLine(percentage),
    ecz: quizzes.showsEczPoints(level) ? quizzes.eczPointsLine(percentage) : null,
  };
}

function quizSummary({ slug, title, level }: quizzes.QuizForPage) {
  return { slug, href: quizzes.quizPath(slug), title, level };
}

function optionText(
  question: quizzes.QuizForPage["questions"][number],
  letter: quizzes.Letter,
): string {
  return question.options[quizzes.LETTERS.indexOf(letter)] ?? "";
}

export async function listQuizzesTried({ db, userId }: ForStudent) {
  const [progress, listed] = await Promise.all([
    progressByQuiz({ db, userId }),
    quizzes.listQuizzes(),
  ]);
  const quizOf = new Map(listed.map((quiz) => [quiz.slug, quiz]));
  return progress.flatMap((entry) => {
    const quiz = quizOf.get(entry.quiz);
    if (!quiz) return [];
    return [
      {
        slug: quiz.slug,
        href: quizzes.quizPath(quiz.slug),
        title: quiz.title,
        level: quiz.level,
        attempts: entry.attempts,
        best: resultText(entry.best, quiz.level),
        latest: { ...resultText(entry.latest, quiz.level), day: dayText(entry.latest.answeredAt) },
      },
    ];
  });
}

export async function quizHistory({ db, userId, quiz }: ForStudent & { quiz: quizzes.QuizSlug }) {
  const [attempts, content] = await Promise.all([
    listAttempts({ db, userId, quiz, limit: HISTORY_READ }),
    quizzes.loadQuiz(quiz),
  ]);
  const key = content.questions.map((question) => question.answer);
  return {
    quiz: quizSummary(content),
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

export async function reviewAttempt({ db, userId, id }: ForStudent & { id: string }) {
  const attempt = await findAttempt({ db, userId, id });
  if (!attempt) return undefined;
  const content = await quizzes.loadQuiz(attempt.quiz);
  return {
    quiz: quizSummary(content),
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

// For the page script to mark the results on a phone; every quiz page carries its key anyway.
export async function phoneQuizData(): Promise<PhoneQuizData> {
  const all = await Promise.all(quizzes.QUIZ_SLUGS.map((slug) => quizzes.loadQuiz(slug)));
  return Object.fromEntries(
    all.map((quiz) => [
      quiz.slug,
      { title: quiz.title, key: quiz.questions.map((question) => question.answer).join("") },
    ]),
  );
}
