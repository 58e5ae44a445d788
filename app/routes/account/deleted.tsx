import { ACCOUNT_TEXTS } from "#app/features/accounts/texts";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/deleted";

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Account deleted",
    description: "Your StudyZed account and its quiz results are deleted.",
    keywords: ["account deleted", "StudyZed account"],
    path: "/account/deleted",
    noindex: true,
  });

/** Holds nothing of the student's, so it is the same page for everyone. */
export default function AccountDeleted() {
  return (
    <section className="account" aria-labelledby="deleted-heading">
      <h1 id="deleted-heading">Account deleted</h1>
      <p className="notice" role="status">
        {ACCOUNT_TEXTS.deleted}
      </p>
      <p>
        You can still read every page and try every quiz without an account.{" "}
        <a href="/">Go to the home page</a>
      </p>
    </section>
  );
}
