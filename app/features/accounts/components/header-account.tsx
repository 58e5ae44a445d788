import { ACCOUNT_PART } from "../page-parts";

export function HeaderAccount({ viewer }: { viewer: { firstName: string } | null }) {
  return (
    <div
      id={ACCOUNT_PART.header}
      className={`site-header__account${viewer ? " site-header__account--signed-in" : ""}`}
    >
      {viewer ? (
        <>
          <span className="site-header__viewer">
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
