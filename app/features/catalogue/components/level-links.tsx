const LEVELS = [
  { href: "/tutorials/senior", name: "Grade 10 - 12", note: "Senior secondary school" },
  {
    href: "/tutorials/first-year",
    name: "First year",
    note: "University, national qualification courses",
  },
  { href: "/tutorials/med", name: "Second-year medicine", note: "Past papers for eleven subjects" },
  { href: "/tutorials/advanced", name: "Advanced", note: "Coming soon" },
] as const;

export function LevelLinks({ except }: { except?: string }) {
  return (
    <ul className="link-grid" aria-label="Levels">
      {LEVELS.filter((level) => level.href !== except).map((level) => (
        <li key={level.href}>
          <a className="link-card" href={level.href}>
            {level.name}
            <span className="link-card__note">{level.note}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
