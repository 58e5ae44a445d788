import { LogInInvite, OnThisPhone } from "#app/features/progress/components/log-in-invite";
import { QuizzesTried } from "#app/features/progress/components/quizzes-tried";
import { PROGRESS_PART } from "#app/features/progress/page-parts";
import { pageStudent, PRIVATE } from "#app/features/progress/student.server";
import { listQuizzesTried, phoneQuizData } from "#app/features/progress/progress-pages.server";
import { SAVED_ON_PHONE_LINE } from "#app/features/progress/texts";
import { SetQuizzes } from "#app/features/classes/components/set-quizzes";
import { setQuizLines } from "#app/features/classes/public.server";
import { appContext } from "#app/lib/app-context.server";
import { ReviewCount } from "#app/features/review/components/review-count";
import { useRootData, type RouteHandle } from "#app/root";
import { pageMeta } from "../page-heads";
import type { Route } from "./+types/index";

/** Sends or lists the results waiting on this phone (docs/decisions/0044-my-progress.md). */
export const handle: RouteHandle = { script: "progress" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const student = await pageStudent({ request, context });
  if (!student) return { signedIn: false as const, phoneQuizzes: await phoneQuizData() };
  const [quizzes, setQuizzes] = await Promise.all([
    listQuizzesTried(student),
    setQuizLines({ ...student, now: context.get(appContext).now() }),
  ]);
  return { signedIn: true as const, quizzes, setQuizzes };
}

/** The progress pages depend on who asks: no cache keeps them (docs/decisions/0044-my-progress.md). */
export const headers = () => PRIVATE;

export const meta = pageMeta("/progress");

export default function Progress({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <section aria-labelledby="progress-heading">
      <h1 id="progress-heading">My progress</h1>
      <ReviewCount due={root?.reviewDue ?? null} className="progress__review" />
      {loaderData.signedIn ? (
        <>
          <SetQuizzes lines={loaderData.setQuizzes} />
          <p className="muted">{SAVED_ON_PHONE_LINE}</p>
          <p
            id={PROGRESS_PART.status}
            className="form-status"
            role="status"
            data-sent="Results from this phone were sent to your account. Showing them now…"
            data-not-sent="Some results on this phone could not be sent yet. They will be sent the next time you are online."
          />
          <QuizzesTried quizzes={loaderData.quizzes} />
        </>
      ) : (
        <>
          <LogInInvite next="/progress" />
          <OnThisPhone quizzes={loaderData.phoneQuizzes} />
        </>
      )}
    </section>
  );
}
