import { randomUUID } from "node:crypto";
import { data } from "react-router";
import quizStylesUrl from "#app/features/quizzes/quizzes.css?url";
import { pageStudent, PRIVATE } from "#app/features/progress/student.server";
import {
  PhoneSession,
  ReviewSession,
  type Marked,
} from "#app/features/review/components/review-screen";
import { answerReview } from "#app/features/review/review-answers.server";
import { parseReviewForm } from "#app/features/review/review-input";
import { questionOf, reviewSession } from "#app/features/review/review-session.server";
import { appContext } from "#app/lib/app-context.server";
import { readFormFields } from "#app/lib/http.server";
import type { RouteHandle } from "#app/root";
import { pageMeta } from "./page-heads";
import { requireFormPost } from "./guards.server";
import type { Route } from "./+types/review";

/** Marks in place and keeps the queue on the phone (docs/decisions/0086-the-phone-queue-merges-at-login.md). */
export const handle: RouteHandle = { script: "review", stylesheet: quizStylesUrl };

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await pageStudent({ request, context });
  if (!student) return { signedIn: false as const };
  const session = await reviewSession({ ...student, now: context.get(appContext).now() });
  // Each form carries its answer's id, so a form posted twice is one answer.
  const questions = session.questions.map((question) => ({ ...question, answerId: randomUUID() }));
  return { signedIn: true as const, ...session, questions };
}

/** A review card posted without JavaScript: marked by the server, then today's session again. */
export async function action({ request, context }: Route.ActionArgs) {
  requireFormPost(request);
  const student = await pageStudent({ request, context });
  if (!student)
    throw data({ message: "Log in to keep a review queue in your account." }, { status: 401 });
  const fields = await readFormFields(request, { maxBytes: 4 * 1024 });
  const now = context.get(appContext).now();
  const result = await answerReview(student, parseReviewForm(fields, now));
  switch (result.outcome) {
    case "saved": {
      const [{ choice, correct, card }] = result.saved as [(typeof result.saved)[number]];
      const marked: Marked = { ...(await questionOf(card)), choice, correct, card };
      return { marked };
    }
    case "invalid":
    case "not-found":
      throw data({ message: result.error }, { status: result.outcome === "invalid" ? 400 : 404 });
    case "throttled":
      throw data(
        { message: result.error },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
  }
}

/** One student's queue: no cache keeps it (docs/decisions/0085-review-works-without-javascript-and-offline.md). */
export const headers = () => PRIVATE;

export const meta = pageMeta("/review");

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="review-heading" className="review">
      <h1 id="review-heading">Review</h1>
      <p className="muted">
        The questions you got wrong in Brain Booster quizzes come back here, spaced out, until you
        know them.
      </p>
      {loaderData.signedIn ? (
        <ReviewSession {...loaderData} marked={actionData?.marked} />
      ) : (
        <>
          <p className="review__log-in">
            <a href="/login?next=/review">Log in</a> to keep your review queue in your account, for
            every phone you use. Until then it is kept on this phone.
          </p>
          <PhoneSession />
        </>
      )}
    </section>
  );
}
