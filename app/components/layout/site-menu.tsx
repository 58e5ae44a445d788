import { ReviewCount } from "#app/features/review/components/review-count";
import { SHOWN_WHEN } from "#app/lib/viewer";

// The seven of docs/requirements.md#menu, then the rest of the site, so every part is one tap
// away (docs/decisions/0031-findable-pages-and-tap-targets.md).
const MENU_LINKS = [
  { href: "/", label: "Home" },
  { href: "/books", label: "Books" },
  { href: "/tutorials", label: "Tutorials" },
  { href: "/videos", label: "Videos" },
  { href: "/podcasts", label: "Podcasts" },
  { href: "/smartify", label: "Smartify" },
  { href: "/about", label: "About" },
  { href: "/past-papers", label: "Past papers" },
  { href: "/quizzes", label: "Brain Booster" },
  { href: "/saved", label: "Saved" },
  { href: "/progress", label: "My progress" },
  { href: "/review", label: "Review" },
];

// A signed-in student's own pages (docs/requirements.md#classes for My classes).
const SIGNED_IN_LINKS = [
  { href: "/classes", label: "My classes" },
  { href: "/account", label: "My account" },
];

export const MENU_ID = "site-menu";

/** The browser's popover works without JavaScript (docs/decisions/0003-the-menu-is-a-native-popover.md). */
export function SiteMenu({ reviewDue, signedIn }: { reviewDue: number | null; signedIn: boolean }) {
  return (
    <nav id={MENU_ID} popover="auto" className="site-menu" aria-label="Main menu">
      <div className="site-menu__top">
        <span className="site-menu__title">Menu</span>
        <button
          type="button"
          className="site-menu__close"
          popoverTarget={MENU_ID}
          popoverTargetAction="hide"
          autoFocus
        >
          Close menu
        </button>
      </div>
      <ul className="site-menu__links">
        {MENU_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
        {/* Both drawn, one hidden: a page kept on the phone is switched to who is signed in now (app/lib/viewer.ts). */}
        {SIGNED_IN_LINKS.map((link) => (
          <li key={link.href} data-when={SHOWN_WHEN.signedIn} hidden={!signedIn}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
        <li data-when={SHOWN_WHEN.signedOut} hidden={signedIn}>
          <a href="/login">Log in</a>
        </li>
      </ul>
      <ReviewCount due={reviewDue} className="site-menu__review" />
    </nav>
  );
}
