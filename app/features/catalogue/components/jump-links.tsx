type JumpLinksProps = { label: string; links: readonly { anchor: string; text: string }[] };

export function JumpLinks({ label, links }: JumpLinksProps) {
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
