import { ACCOUNT_PART } from "../page-parts";

/** The header's sign-in part: who is signed in, with Log out, or a link to log in. */
export function HeaderAccount({ viewer }: { viewer: { firstName: string } | null }) {
  return (
    <div
      id={ACCOUNT_PART.header}
      className={`site-header__account${viewer ? " site-header__account--signed-in" : ""}`}
    >
      {viewer ? (
        <>
          <span className="site-header__viewer">
            {/* The name leads to My account; its label says so, starting with what is shown. */}
            {"Logged in as "}
            <a
              className="site-header__account-link"
              href="/account"
              aria-label={`${viewer.firstName}: My account`}
            >
              <strong>{viewer.firstName}</strong>
            </a>
          </span>
          <form method="post" action="/logout">
            <button type="submit" className="site-header__logout">
              Log out
            </button>
          </form>
        </>
      ) : (
        <a className="site-header__login" href="/login">
          Log in
        </a>
      )}
    </div>
  );
}
