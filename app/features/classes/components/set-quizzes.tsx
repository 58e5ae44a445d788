/** "Set by Grade 11 Blue: Enzymes, due Friday", each a link to the quiz: on Home and My progress. */
export function SetQuizzes({
  lines,
}: {
  lines: readonly { key: string; href: string; text: string }[];
}) {
  if (lines.length === 0) return null;
  return (
    <ul className="link-list" aria-label="Set by your teachers">
      {lines.map((line) => (
        <li key={line.key}>
          <a href={line.href}>{line.text}</a>
        </li>
      ))}
    </ul>
  );
}
