import { pageStudent, PRIVATE } from "#app/features/progress/student.server";
import { LogInInvite } from "#app/features/progress/components/log-in-invite";
import { QuizHistoryView } from "#app/features/progress/components/quiz-history";
import { quizHistory } from "#app/features/progress/progress-pages.server";
import { isQuizSlug, loadQuiz } from "#app/features/quizzes/public.server";
import { metaFor } from "#app/lib/head";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/quiz";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const slug = params.quiz;
  if (!isQuizSlug(slug)) throw notFound();
  const student = await pageStudent({ request, context });
  if (!student) return { signedIn: false as const, slug, title: (await loadQuiz(slug)).title };
  const history = await quizHistory({ ...student, quiz: slug });
  return { signedIn: true as const, slug, title: history.quiz.title, history };
}

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
