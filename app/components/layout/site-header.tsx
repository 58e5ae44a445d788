import { HeaderAccount } from "#app/features/accounts/components/header-account";
import { SearchBox } from "#app/features/search/components/search-box";
import { MENU_ID, SiteMenu } from "./site-menu";

type HeaderProps = {
  siteName: string;
  viewer: { firstName: string } | null;
  searchBox: boolean;
  reviewDue: number | null;
};

export function SiteHeader({ siteName, viewer, searchBox, reviewDue }: HeaderProps) {
  return (
    <header className="site-header">
      <a className="site-header__brand" href="/">
        <img src="/logo-mark.svg" width="32" height="32" alt="" />
        <span>{siteName}</span>
      </a>
      <HeaderAccount viewer={viewer} />
      {searchBox && <SearchBox id="site-search" className="site-header__search" label="Search" />}
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
      <SiteMenu reviewDue={reviewDue} signedIn={viewer !== null} />
    </header>
  );
}
