import { ACCOUNT_TEXTS } from "#app/features/accounts/texts";
import { pageMeta } from "../page-heads";

export const meta = pageMeta("/account/deleted");

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
