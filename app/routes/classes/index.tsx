import { data } from "react-router";
import { signedInUser } from "#app/routes/guards.server";
import { myClassesPage } from "#app/features/classes/class-pages.server";
import { joinClass, leaveClass } from "#app/features/classes/classes.server";
import { JoinForm } from "#app/features/classes/components/join-form";
import { StudentChangeSchema } from "#app/features/classes/schemas";
import {
  alreadyInText,
  CLASS_TEXTS,
  joinedText,
  leftText,
  studentsText,
} from "#app/features/classes/texts";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import { readFormFields } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, now } = context.get(appContext);
  return myClassesPage({ db, userId: signedInUser(context).id, now: now() });
}

const said = (notice: string) => ({ notice, error: null });
const refused = (error: string, status: number) => data({ notice: null, error }, { status });

/** Joining by a typed code, and leaving; the layout has refused visitors and other sites. */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = StudentChangeSchema.safeParse(await readFormFields(request, { maxBytes: 4096 }));
  if (!parsed.success) return refused(describeIssues(parsed.error).error, 400);
  const { db, now } = context.get(appContext);
  const userId = signedInUser(context).id;
  const change = parsed.data;
  if (change.intent === "leave") {
    const result = await leaveClass({ db, userId, classId: change.class });
    if (result.outcome === "not-found") return refused(CLASS_TEXTS.notInClass, 404);
    return said(leftText(result.name));
  }
  const result = await joinClass({ db, userId, code: change.code, now: now() });
  switch (result.outcome) {
    case "joined":
      return said(joinedText(result.class.name));
    case "already-in":
      return said(alreadyInText(result.class.name));
    case "not-found":
      return refused(CLASS_TEXTS.noSuchCode, 404);
    case "own-class":
      return refused(CLASS_TEXTS.ownClass, 409);
    case "full":
      return refused(CLASS_TEXTS.full, 409);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "My classes",
    description:
      "The classes you are in and the quizzes your teachers set, or the classes you teach.",
    keywords: ["My classes", "Brain Booster"],
    path: "/classes",
    noindex: true,
  });

export default function MyClasses({ loaderData, actionData }: Route.ComponentProps) {
  const { taught, joined } = loaderData;
  return (
    <section aria-labelledby="classes-heading">
      <h1 id="classes-heading">My classes</h1>
      {actionData?.notice ? (
        <p className="notice" role="status">
          {actionData.notice}
        </p>
      ) : null}
      <h2>Classes you are in</h2>
      {joined.length === 0 ? (
        <p className="muted">You are not in a class yet. Your teacher can give you a code.</p>
      ) : (
        <ul className="class-list">
          {joined.map((entry) => (
            <li key={entry.id}>
              <h3>{entry.name}</h3>
              <p className="muted">
                {entry.subject} · {entry.grade} · joined {entry.joined}
              </p>
              {entry.quizzes.length === 0 ? (
                <p>No quiz set yet.</p>
              ) : (
                <ul className="link-list" aria-label={`Set by ${entry.name}`}>
                  {entry.quizzes.map((set) => (
                    <li key={set.quiz}>
                      <a href={set.href}>{set.title}</a>
                      {set.due ? `, ${set.due}` : ""}
                    </li>
                  ))}
                </ul>
              )}
              <form method="post" className="class-inline">
                <input type="hidden" name="intent" value="leave" />
                <input type="hidden" name="class" value={entry.id} />
                <button type="submit" className="button button--quiet">
                  Leave {entry.name}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <h2 id="join-heading">Join a class</h2>
      <JoinForm error={actionData?.error ?? null} />
      <h2>Classes you teach</h2>
      {taught.length === 0 ? (
        <p className="muted">Start a class to set its students quizzes and see how they do.</p>
      ) : (
        <ul className="class-list">
          {taught.map((entry) => (
            <li key={entry.id}>
              <a href={`/classes/${entry.id}`}>{entry.name}</a>
              <p className="muted">
                {entry.subject} · {entry.grade} · {studentsText(entry.students)} · code{" "}
                {entry.codeText}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a className="button" href="/classes/new">
          Start a class
        </a>
      </p>
    </section>
  );
}
