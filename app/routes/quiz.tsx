import { data } from "react-router";
import { QuizScreen } from "#app/features/quizzes/components/quiz-screen";
import { QUIZ_SLUGS, type QuizSlug } from "#app/features/quizzes/quiz-constants";
import { loadQuiz } from "#app/features/quizzes/quizzes.server";
import type { RouteHandle } from "#app/root";
import { metaFor } from "#app/lib/site-data";
import type { Route } from "./+types/quiz";

/** The quiz is interactive, so this page hydrates (the content pages do not). */
export const handle: RouteHandle = { hydrate: true };

/** /{quiz}: one route per Brain Booster quiz (docs/requirements.md, "Brain Booster quizzes"), each served by this module. */
export async function loader({ url }: Route.LoaderArgs) {
  const slug = url.pathname.slice(1);
  if (!(QUIZ_SLUGS as string[]).includes(slug)) throw data(null, { status: 404 });
  return { quiz: await loadQuiz(slug as QuizSlug) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { quiz } = loaderData;
  return metaFor(matches, {
    title: `${quiz.title} Brain Booster`,
    description: quiz.description,
    keywords: ["Brain Booster", "quiz", quiz.title, quiz.level],
    path: `/${quiz.slug}`,
  });
};

export default function QuizPage({ loaderData }: Route.ComponentProps) {
  const { quiz } = loaderData;
  return (
    <article aria-labelledby="quiz-heading">
      <h1 id="quiz-heading">{quiz.title}</h1>
      <p className="muted">
        Brain Booster · {quiz.level} · {quiz.questions.length} questions
      </p>
      <QuizScreen quiz={quiz} />
    </article>
  );
}
