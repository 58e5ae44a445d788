import type { MaterialView } from "#app/features/catalogue/queries.server";
import type { YearGroup } from "#app/features/catalogue/grouping";
import { quizTitle } from "#app/features/catalogue/grouping";
import { DownloadInfo } from "./download-info";

function PaperItems({ papers }: { papers: readonly MaterialView[] }) {
  return papers.map((paper) => (
    <li key={paper.key}>
      <a href={paper.download.href} download>
        {paper.title}
      </a>{" "}
      <DownloadInfo
        download={paper.download}
        saveAs={`${paper.year ?? ""} ${paper.title}`.trim()}
      />
    </li>
  ));
}

function PaperList({ papers }: { papers: readonly MaterialView[] }) {
  return (
    <ul className="paper-list">
      <PaperItems papers={papers} />
    </ul>
  );
}

/** Years newest first, each with its papers (docs/requirements.md, "Past-paper pages"). */
export function PapersByYear({ years }: { years: readonly YearGroup[] }) {
  return years.map(({ year, papers }) => (
    <section key={year} aria-labelledby={`year-${year}`}>
      <h2 id={`year-${year}`}>{year}</h2>
      <PaperList papers={papers} />
    </section>
  ));
}

/** The three headings every past-paper page carries, filled where there is something. */
export function RevisionSections({
  topicalPdfs,
  quizzes,
}: {
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
          <PaperItems papers={topicalPdfs} />
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
