import type { MaterialView } from "#app/features/catalogue/queries.server";
import type { YearGroup } from "#app/features/catalogue/grouping";
import { quizTitle } from "#app/features/catalogue/grouping";
import { savedFileDetails } from "#app/features/catalogue/saved-file-details";
import { DownloadInfo } from "./download-info";

/** `subject` names the papers on /saved: "Pathology", or a course's "BI110 Biology". */
function PaperItems({ subject, papers }: { subject: string; papers: readonly MaterialView[] }) {
  return papers.map((paper) => (
    <li key={paper.key}>
      <a href={paper.download.href} download>
        {paper.title}
      </a>{" "}
      <DownloadInfo
        download={paper.download}
        save={savedFileDetails({ subject, year: paper.year, label: paper.title })}
      />
    </li>
  ));
}

function PaperList({ subject, papers }: { subject: string; papers: readonly MaterialView[] }) {
  return (
    <ul className="paper-list">
      <PaperItems subject={subject} papers={papers} />
    </ul>
  );
}

/** Years newest first, each with its papers (docs/requirements.md, "Past-paper pages"). */
export function PapersByYear({ subject, years }: { subject: string; years: readonly YearGroup[] }) {
  return years.map(({ year, papers }) => (
    <section key={year} aria-labelledby={`year-${year}`}>
      <h2 id={`year-${year}`}>{year}</h2>
      <PaperList subject={subject} papers={papers} />
    </section>
  ));
}

/** The three headings every past-paper page carries, filled where there is something. */
export function RevisionSections({
  subject,
  topicalPdfs,
  quizzes,
}: {
  subject: string;
  topicalPdfs: readonly MaterialView[];
  quizzes: readonly string[];
}) {
  const nothing = <p className="muted">Nothing here yet.</p>;
  return (
    <>
      <h2>Topic by Topic</h2>
      {nothing}
      <h2>Notes</h2>
      {nothing}
      <h2>Topical Revision Questions</h2>
      {topicalPdfs.length || quizzes.length ? (
        <ul className="paper-list">
          <PaperItems subject={subject} papers={topicalPdfs} />
          {quizzes.map((quiz) => (
            <li key={quiz}>
              <a href={`/${quiz}`}>Brain Booster: {quizTitle(quiz)}</a>
            </li>
          ))}
        </ul>
      ) : (
        nothing
      )}
    </>
  );
}
