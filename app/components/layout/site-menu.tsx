import { ReviewCount } from "#app/features/review/components/review-count";

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
  { href: "/login", label: "Log in" },
];

export const MENU_ID = "site-menu";

/** For a signed-in student, after Review: their classes (docs/requirements.md#classes). */
const SIGNED_IN_LINK = { href: "/classes", label: "My classes" };

/** The browser's popover works without JavaScript (docs/decisions/0003-the-menu-is-a-native-popover.md). */
export function SiteMenu({ reviewDue, signedIn }: { reviewDue: number | null; signedIn: boolean }) {
  const links = signedIn
    ? MENU_LINKS.flatMap((link) => (link.href === "/review" ? [link, SIGNED_IN_LINK] : [link]))
    : MENU_LINKS;
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
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
      <ReviewCount due={reviewDue} className="site-menu__review" />
    </nav>
  );
}
