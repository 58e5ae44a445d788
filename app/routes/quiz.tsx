import { data } from "react-router";
import quizStylesUrl from "#app/features/quizzes/quizzes.css?url";
import { QuizScreen } from "#app/features/quizzes/components/quiz-screen";
import { markPostedAnswers } from "#app/features/quizzes/posted-answers";
import { quizPath } from "#app/features/quizzes/quiz-constants";
import { isQuizSlug, loadQuiz } from "#app/features/quizzes/quizzes.server";
import { savePostedAttempt } from "#app/features/progress/posted-attempt.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { notFound, readFormFields } from "#app/lib/http.server";
import { metaFor } from "#app/lib/head";
import type { RouteHandle } from "#app/root";
import { requireFormPost } from "./guards.server";
import type { Route } from "./+types/quiz";

export const handle: RouteHandle = { script: "quiz", stylesheet: quizStylesUrl };

// One module for every quiz: the spec's at /{slug}, a topic's at /quizzes/{slug}, and a
// quiz only at its own address.
async function quizAt(url: URL) {
  const slug = url.pathname.slice(url.pathname.lastIndexOf("/") + 1);
  if (!isQuizSlug(slug) || quizPath(slug) !== url.pathname) throw notFound();
  return loadQuiz(slug);
}

export async function loader({ url }: Route.LoaderArgs) {
  return { quiz: await quizAt(url) };
}

/** Show Results without JavaScript (docs/decisions/0039-quiz-results-without-javascript.md). */
export async function action({ request, url, context }: Route.ActionArgs) {
  requireFormPost(request);
  const quiz = await quizAt(url);
  const posted = markPostedAnswers(
    await readFormFields(request, { maxBytes: 4 * 1024 }),
    quiz.questions.map((question) => question.answer),
  );
  if (!posted.success) throw data({ message: posted.error }, { status: 400 });
  const { db, logger, site } = context.get(appContext);
  const saved = await savePostedAttempt({
    db,
    logger,
    cookieHeader: request.headers.get("cookie"),
    https: isHttps(site),
    quiz: quiz.slug,
    answers: posted.marked.choices,
  });
  return { ...posted.marked, saveStatus: saved };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { quiz } = loaderData;
  return metaFor(matches, {
    title: `${quiz.title} Brain Booster`,
    description: quiz.description,
    keywords: ["Brain Booster", "quiz", quiz.title, quiz.level],
    path: quizPath(quiz.slug),
  });
};

export default function QuizPage({ loaderData, actionData }: Route.ComponentProps) {
  const { quiz } = loaderData;
  return (
    <article aria-labelledby="quiz-heading">
      <h1 id="quiz-heading">{quiz.title}</h1>
      <p className="muted">
        Brain Booster · {quiz.level} · {quiz.questions.length} questions
      </p>
      <QuizScreen quiz={quiz} marked={actionData} saveStatus={actionData?.saveStatus} />
    </article>
  );
}
