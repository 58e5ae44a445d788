import { data, redirect } from "react-router";
import { signedInUser } from "#app/routes/guards.server";
import { quizChoices } from "#app/features/classes/class-pages.server";
import { findTaughtClass, setQuiz } from "#app/features/classes/classes.server";
import { lusakaToday } from "#app/features/classes/due-text";
import { SetQuizSchema } from "#app/features/classes/schemas";
import { CLASS_TEXTS } from "#app/features/classes/texts";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import { notFound, readFormFields } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import { idFrom } from "./class-id.server";
import type { Route } from "./+types/set-quiz";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, now } = context.get(appContext);
  const found = await findTaughtClass({
    db,
    userId: signedInUser(context).id,
    classId: idFrom(params.id),
  });
  if (!found) throw notFound();
  return {
    class: { id: found.id, name: found.name },
    quizzes: await quizChoices(),
    today: lusakaToday(now()),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const classId = idFrom(params.id);
  const parsed = SetQuizSchema.safeParse(await readFormFields(request, { maxBytes: 4096 }));
  if (!parsed.success) return data({ error: describeIssues(parsed.error).error }, { status: 400 });
  const { db } = context.get(appContext);
  const result = await setQuiz({ db, userId: signedInUser(context).id, classId, ...parsed.data });
  if (result.outcome === "not-found") throw notFound();
  if (result.outcome === "too-many")
    return data({ error: CLASS_TEXTS.tooManyQuizzes }, { status: 409 });
  throw redirect(`/classes/${classId}`, 303);
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  metaFor(matches, {
    title: "Set a quiz",
    description: "Set your class a Brain Booster quiz, with a day it is due.",
    keywords: ["class", "Brain Booster"],
    path: `/classes/${params.id}/quizzes`,
    noindex: true,
  });

export default function SetQuiz({ loaderData, actionData }: Route.ComponentProps) {
  const { class: taught, quizzes, today } = loaderData;
  const levels = [...new Set(quizzes.map((quiz) => quiz.level))];
  return (
    <section aria-labelledby="set-quiz-heading">
      <h1 id="set-quiz-heading">Set {taught.name} a quiz</h1>
      <form method="post" className="account-form">
        <label htmlFor="set-quiz">Brain Booster quiz</label>
        <select id="set-quiz" name="quiz" required className="class-select" defaultValue="">
          <option value="" disabled>
            Pick a quiz
          </option>
          {levels.map((level) => (
            <optgroup key={level} label={level}>
              {quizzes
                .filter((quiz) => quiz.level === level)
                .map((quiz) => (
                  <option key={quiz.slug} value={quiz.slug}>
                    {quiz.title}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <label htmlFor="set-due">Due on (optional)</label>
        <input id="set-due" name="due" type="date" min={today} />
        <p className="form-error" role="alert">
          {actionData?.error ?? ""}
        </p>
        <button type="submit" className="button">
          Set the quiz
        </button>
      </form>
      <p>
        <a href={`/classes/${taught.id}`}>Back to {taught.name}</a>
      </p>
    </section>
  );
}
