type MenuLink = { href: string; label: string };

/** The menu (docs/requirements.md, "Menu"), in its order. */
const MENU_LINKS: readonly MenuLink[] = [
  { href: "/", label: "Home" },
  { href: "/books", label: "Books" },
  { href: "/tutorials", label: "Tutorials" },
  { href: "/videos", label: "Videos" },
  { href: "/podcasts", label: "Podcasts" },
  { href: "/smartify", label: "Smartify" },
  { href: "/about", label: "About" },
];

/** After the seven: the rest of the site, so every part is one tap from the menu (docs/decisions/0031-findable-pages-and-tap-targets.md). */
const MORE_LINKS: readonly MenuLink[] = [
  { href: "/past-papers", label: "Past papers" },
  { href: "/quizzes", label: "Brain Booster" },
  { href: "/saved", label: "Saved" },
  { href: "/progress", label: "My progress" },
];

/** The account link, last in the menu; a signed-in student gets another in its place. */
const LOG_IN_LINK: MenuLink = { href: "/login", label: "Log in" };

export const MENU_ID = "site-menu";

/**
 * A full-screen side menu built on the browser's popover: the button opens and closes
 * it, Escape closes it, focus moves in (autofocus) and back to the button, all without
 * JavaScript, so pages that ship none still have a working menu (docs/decisions/0003-the-menu-is-a-native-popover.md).
 * The links are plain anchors: choosing one loads the next page, which starts closed.
 */
export function SiteMenu({ account = LOG_IN_LINK }: { account?: MenuLink }) {
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
        {[...MENU_LINKS, ...MORE_LINKS, account].map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
