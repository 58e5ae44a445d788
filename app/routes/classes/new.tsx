import { data, redirect } from "react-router";
import { signedInUser } from "#app/routes/guards.server";
import { createClass } from "#app/features/classes/classes.server";
import { NewClassSchema } from "#app/features/classes/schemas";
import { CLASS_TEXTS } from "#app/features/classes/texts";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import { readFormFields } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import type { Route } from "./+types/new";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = NewClassSchema.safeParse(await readFormFields(request, { maxBytes: 4096 }));
  if (!parsed.success) return data({ error: describeIssues(parsed.error).error }, { status: 400 });
  const { db } = context.get(appContext);
  const result = await createClass({ db, userId: signedInUser(context).id, ...parsed.data });
  if (result.outcome === "too-many")
    return data({ error: CLASS_TEXTS.tooManyClasses }, { status: 409 });
  throw redirect(`/classes/${result.id}`, 303);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Start a class",
    description: "Start a class: share its code, set Brain Booster quizzes and see how it does.",
    keywords: ["class", "teacher", "Brain Booster"],
    path: "/classes/new",
    noindex: true,
  });

export default function NewClass({ actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-class-heading">
      <h1 id="new-class-heading">Start a class</h1>
      <p className="muted">
        You will be its teacher. Your students join with the class&apos;s code and you see how they
        do on the quizzes you set: only their first name, last initial and those results.
      </p>
      <form method="post" className="account-form">
        <label htmlFor="class-name">Class name</label>
        <input id="class-name" name="name" required maxLength={80} placeholder="Grade 11 Blue" />
        <label htmlFor="class-subject">Subject</label>
        <input id="class-subject" name="subject" required maxLength={60} placeholder="Biology" />
        <label htmlFor="class-grade">Grade</label>
        <input id="class-grade" name="grade" required maxLength={30} placeholder="Grade 11" />
        <p className="form-error" role="alert">
          {actionData?.error ?? ""}
        </p>
        <button type="submit" className="button">
          Start the class
        </button>
      </form>
    </section>
  );
}
