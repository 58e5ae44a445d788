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
