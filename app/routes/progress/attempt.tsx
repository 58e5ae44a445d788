import { ATTEMPT_ID } from "#app/features/progress/attempt-input";
import { pageStudent, PRIVATE } from "#app/features/progress/student.server";
import { AttemptReviewView } from "#app/features/progress/components/attempt-review";
import { LogInInvite } from "#app/features/progress/components/log-in-invite";
import { reviewAttempt } from "#app/features/progress/progress-pages.server";
import { metaFor } from "#app/lib/head";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/attempt";

/** Another student's attempt is the same 404 as an unknown one (docs/decisions/0044-my-progress.md). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!ATTEMPT_ID.test(params.id)) throw notFound();
  const path = `/progress/attempts/${params.id}`;
  const student = await pageStudent({ request, context });
  if (!student) return { signedIn: false as const, path };
  const review = await reviewAttempt({ ...student, id: params.id });
  if (!review) throw notFound();
  return { signedIn: true as const, path, review };
}

export const headers = () => PRIVATE;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  return metaFor(matches, {
    title: loaderData.signedIn
      ? `My attempt: ${loaderData.review.quiz.title}, ${loaderData.review.day}`
      : "My attempt",
    description: "One of your Brain Booster attempts: each answer, the right one and why.",
    keywords: ["My progress", "Brain Booster", "quiz answers"],
    path: loaderData.path,
  });
};

export default function AttemptPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <section aria-labelledby="attempt-heading">
        <h1 id="attempt-heading">My attempt</h1>
        <LogInInvite next={loaderData.path} />
      </section>
    );
  }
  return <AttemptReviewView review={loaderData.review} />;
}
