import type { MaterialView } from "#app/features/catalogue/queries.server";
import { quizTitle, yearAnchor, type YearGroup } from "#app/features/catalogue/grouping";
import { savedFileDetails } from "#app/features/catalogue/saved-file-details";
import { DownloadInfo, FullCopyLink, SaveOfflineButton } from "./download-info";
import { JumpLinks } from "./jump-links";

/** Each row is all link, with 'Save for offline' outside it (docs/requirements.md#past-paper-pages). */
function PaperItems({ subject, papers }: { subject: string; papers: readonly MaterialView[] }) {
  return papers.map((paper) => (
    <li key={paper.key}>
      <a className="paper-row" href={paper.download.href} download>
        {/* "Pathology 2019 Test 1" to a screen reader, which lists links out of their year. */}
        <span className="visually-hidden">{[subject, paper.year].filter(Boolean).join(" ")} </span>
        <span className="paper-row__label">{paper.title}</span>{" "}
        <DownloadInfo download={paper.download} insideLink />
      </a>
      <FullCopyLink download={paper.download} ownLine />
      {paper.download.size ? (
        <SaveOfflineButton
          href={paper.download.href}
          save={savedFileDetails({ subject, year: paper.year, label: paper.title })}
        />
      ) : null}
    </li>
  ));
}

type PapersByYearProps = { subject: string; years: readonly YearGroup[]; revisionAnchor?: string };

export function PapersByYear({ subject, years, revisionAnchor }: PapersByYearProps) {
  const jumps = years.map(({ year }) => ({ anchor: yearAnchor(year), text: String(year) }));
  if (revisionAnchor) jumps.push({ anchor: revisionAnchor, text: "Topical Revision Questions" });
  return (
    <>
      {years.length > 1 ? <JumpLinks label="Jump to a year" links={jumps} /> : null}
      {years.map(({ year, papers }) => (
        <section key={year} aria-labelledby={yearAnchor(year)}>
          <h2 id={yearAnchor(year)}>{year}</h2>
          <ul className="paper-list">
            <PaperItems subject={subject} papers={papers} />
          </ul>
        </section>
      ))}
    </>
  );
}

export const REVISION_ANCHOR = "topical-revision-questions";

type RevisionSectionsProps = {
  subject: string;
  topicalPdfs: readonly MaterialView[];
  quizzes: readonly string[];
};

export function RevisionSections({ subject, topicalPdfs, quizzes }: RevisionSectionsProps) {
  const nothing = <p className="muted">Nothing here yet.</p>;
  return (
    <>
      <h2>Topic by Topic</h2>
      {nothing}
      <h2>Notes</h2>
      {nothing}
      <h2 id={REVISION_ANCHOR}>Topical Revision Questions</h2>
      {topicalPdfs.length || quizzes.length ? (
        <ul className="paper-list">
          <PaperItems subject={subject} papers={topicalPdfs} />
          {quizzes.map((quiz) => (
            <li key={quiz}>
              <a className="paper-row" href={`/${quiz}`}>
                Brain Booster: {quizTitle(quiz)}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        nothing
      )}
    </>
  );
}
