import { data } from "react-router";
import { requireUser, signedInUserOf } from "#app/features/accounts/public.server";
import { findClassByCode, joinClass } from "#app/features/classes/classes.server";
import { codeText, normaliseClassCode } from "#app/features/classes/class-code";
import { alreadyInText, CLASS_TEXTS, joinedText } from "#app/features/classes/texts";
import { PRIVATE } from "#app/features/progress/student.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import { requireFormPost } from "./guards.server";
import type { Route } from "./+types/join";

/** The link a teacher shares: the class it is for, and a button, so a link alone joins no one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, site } = context.get(appContext);
  const code = normaliseClassCode(params.code);
  const found = code ? await findClassByCode({ db, code }) : undefined;
  if (!code || !found) throw data({ message: CLASS_TEXTS.noSuchCode }, { status: 404 });
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  const { name, subject, grade } = found;
  return { code: codeText(code), name, subject, grade, signedIn: Boolean(user) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireFormPost(request);
  const user = await requireUser({ request, context });
  const code = normaliseClassCode(params.code);
  if (!code) throw data({ message: CLASS_TEXTS.noSuchCode }, { status: 404 });
  const { db, now } = context.get(appContext);
  const result = await joinClass({ db, userId: user.id, code, now: now() });
  switch (result.outcome) {
    case "joined":
      return { said: joinedText(result.class.name), refused: false };
    case "already-in":
      return { said: alreadyInText(result.class.name), refused: false };
    case "not-found":
      throw data({ message: CLASS_TEXTS.noSuchCode }, { status: 404 });
    case "own-class":
      return data({ said: CLASS_TEXTS.ownClass, refused: true }, { status: 409 });
    case "full":
      return data({ said: CLASS_TEXTS.full, refused: true }, { status: 409 });
  }
}

export const headers = () => PRIVATE;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  metaFor(matches, {
    title: loaderData ? `Join ${loaderData.name}` : "Join a class",
    description: "Join a class on StudyZed to see the quizzes your teacher sets.",
    keywords: ["class", "Brain Booster"],
    path: loaderData ? `/join/${loaderData.code}` : "/classes",
    noindex: true,
  });

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { code, name, subject, grade, signedIn } = loaderData;
  const next = encodeURIComponent(`/join/${code}`);
  return (
    <section aria-labelledby="join-heading">
      <h1 id="join-heading">Join {name}</h1>
      <p className="muted">
        {subject} · {grade} · code {code}
      </p>
      {actionData ? (
        <>
          <p className={actionData.refused ? "form-error" : "notice"} role="status">
            {actionData.said}
          </p>
          <p>
            <a href="/classes">My classes</a>
          </p>
        </>
      ) : signedIn ? (
        <form method="post" className="account-form">
          <p>
            Its teacher will see your first name, the first letter of your last name, and your
            results on the quizzes the class sets, from now until you leave it.
          </p>
          <button type="submit" className="button">
            Join {name}
          </button>
        </form>
      ) : (
        <p>
          <a href={`/login?next=${next}`}>Log in</a> or <a href="/register">register</a> to join
          this class.
        </p>
      )}
    </section>
  );
}
