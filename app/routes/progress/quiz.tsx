import { data } from "react-router";
import { LogInInvite } from "#app/features/progress/components/log-in-invite";
import { QuizHistoryView } from "#app/features/progress/components/quiz-history";
import { pageStudent, PRIVATE } from "#app/features/progress/student.server";
import { quizHistory } from "#app/features/progress/progress-pages.server";
import { listQuizzes, QUIZ_SLUGS, type QuizSlug } from "#app/features/quizzes/public.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { Route } from "./+types/quiz";

/** /progress/{quiz}: one quiz's attempts and the questions most often wrong; a 404 for no quiz. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!(QUIZ_SLUGS as string[]).includes(params.quiz)) throw data(null, { status: 404 });
  const slug = params.quiz as QuizSlug;
  const student = await pageStudent({ request, context });
  if (!student) {
    const quiz = (await listQuizzes()).find((summary) => summary.slug === slug)!;
    return { signedIn: false as const, slug, title: quiz.title };
  }
  const { db } = context.get(appContext);
  const history = await quizHistory({ db, userId: student.id, quiz: slug });
  return { signedIn: true as const, slug, title: history.quiz.title, history };
}

/** Depends on who asks: no cache keeps it, signed in or not (docs/decisions/0044-my-progress.md). */
export const headers = () => PRIVATE;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  return metaFor(matches, {
    title: `My progress: ${loaderData.title}`,
    description: `Your attempts at the ${loaderData.title} Brain Booster quiz, and the questions you get wrong most often.`,
    keywords: ["My progress", "Brain Booster", loaderData.title],
    path: `/progress/${loaderData.slug}`,
  });
};

export default function QuizProgress({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="progress-heading">
      <h1 id="progress-heading">My progress: {loaderData.title}</h1>
      {loaderData.signedIn ? (
        <QuizHistoryView history={loaderData.history} />
      ) : (
        <LogInInvite next={`/progress/${loaderData.slug}`} />
      )}
    </section>
  );
}
