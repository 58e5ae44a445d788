/**
 * Plain in-page links to the headings of a long page, near its top: they work without
 * JavaScript and spare a student on a small phone a long scroll (docs/decisions/0031-findable-pages-and-tap-targets.md).
 */
export function JumpLinks({
  label,
  links,
}: {
  label: string;
  links: readonly { anchor: string; text: string }[];
}) {
  return (
    <nav className="jump-links" aria-label={label}>
      <ul>
        {links.map((link) => (
          <li key={link.anchor}>
            <a href={`#${link.anchor}`}>{link.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
