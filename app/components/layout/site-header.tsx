import { SearchBox } from "#app/features/search/components/search-box";
import { MENU_ID, SiteMenu } from "./site-menu";

export function SiteHeader({
  siteName,
  viewer,
  searchBox,
}: {
  siteName: string;
  viewer: { firstName: string } | null;
  searchBox: boolean;
}) {
  return (
    <header className="site-header">
      <a className="site-header__brand" href="/">
        <img src="/logo-mark.svg" width="32" height="32" alt="" />
        <span>{siteName}</span>
      </a>
      <div
        // The login form's page script fills this part too (app/page-scripts/account-forms.ts).
        id="site-account"
        className={`site-header__account${viewer ? " site-header__account--signed-in" : ""}`}
        data-answer-part=""
      >
        {viewer ? (
          <>
            <span className="site-header__viewer">
              {/* Label in name: the accessible name starts with the name shown. */}
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
      {searchBox ? (
        <SearchBox id="site-search" className="site-header__search" label="Search" />
      ) : null}
      <button
        type="button"
        className="site-header__menu-button"
        popoverTarget={MENU_ID}
        popoverTargetAction="toggle"
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" strokeWidth="2" />
        </svg>
        Menu
      </button>
      <SiteMenu />
    </header>
  );
}
