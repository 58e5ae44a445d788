export type SubjectLink = { slug: string; name: string };

export function SubjectLinks({
  subjects,
  label,
}: {
  subjects: readonly SubjectLink[];
  label: string;
}) {
  return (
    <ul className="link-grid" aria-label={label}>
      {subjects.map((subject) => (
        <li key={subject.slug}>
          <a className="link-card" href={`/tutorials/${subject.slug}`}>
            {subject.slug === subject.slug.toUpperCase()
              ? `${subject.slug} ${subject.name}`
              : subject.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
