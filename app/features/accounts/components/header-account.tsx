import { SHOWN_WHEN } from "#app/lib/viewer";
import { ACCOUNT_PART } from "../page-parts";

const ACCOUNT_LINK_LABEL = ": My account";

/**
 * Both cases are drawn, the other one hidden, so a page kept on the phone can be switched to
 * whoever is signed in now (app/lib/viewer.ts).
 */
export function HeaderAccount({ viewer }: { viewer: { firstName: string } | null }) {
  const name = viewer?.firstName ?? "";
  return (
    <div id={ACCOUNT_PART.header} className="site-header__account">
      <span className="site-header__viewer" data-when={SHOWN_WHEN.signedIn} hidden={!viewer}>
        {"Logged in as "}
        <a
          className="site-header__account-link"
          href="/account"
          aria-label={`${name}${ACCOUNT_LINK_LABEL}`}
          data-viewer-label={ACCOUNT_LINK_LABEL}
        >
          <strong data-viewer-name="">{name}</strong>
        </a>
      </span>
      <form method="post" action="/logout" data-when={SHOWN_WHEN.signedIn} hidden={!viewer}>
        <button type="submit" className="site-header__logout">
          Log out
        </button>
      </form>
      <a
        className="site-header__login"
        href="/login"
        data-when={SHOWN_WHEN.signedOut}
        hidden={viewer !== null}
      >
        Log in
      </a>
    </div>
  );
}
