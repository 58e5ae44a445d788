import type { SearchPageData } from "../search.server";
import { SITE_SECTIONS } from "../site-pages";

export function SearchSuggestions({ groups }: { groups: SearchPageData["subjectGroups"] }) {
  return (
    <div className="search-suggestions">
      <p>Try fewer words, a subject (biology, patho), a course code (MA110) or a year.</p>
      <h2>Browse instead</h2>
      <ul className="search-suggestions__sections">
        {SITE_SECTIONS.map((section) => (
          <li key={section.href}>
            <a href={section.href}>{section.title}</a>
          </li>
        ))}
      </ul>
      {groups?.map((group) => (
        <div key={group.heading}>
          <h3>{group.heading}</h3>
          <ul className="search-suggestions__subjects">
            {group.subjects.map((subject) => (
              <li key={subject.slug}>
                <a href={`/tutorials/${subject.slug}`}>
                  {group.heading === "First-year university"
                    ? `${subject.slug} ${subject.name}`
                    : subject.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
