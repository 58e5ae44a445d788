import { ResponsiveImage } from "#app/components/ui/responsive-image";
import { gradeAnchor, type GradeSection } from "#app/features/catalogue/grouping";
import { sampleNote } from "#app/features/catalogue/sample-note";
import { savedFileDetails } from "#app/features/catalogue/saved-file-details";
import { DownloadInfo } from "./download-info";
import { JumpLinks } from "./jump-links";
import { PriceTag } from "./price-tag";

type TopicCard = GradeSection["topics"][number];

function cardSampleNote({ booklet, practiceTest, answers }: TopicCard) {
  return sampleNote(
    [booklet, practiceTest, answers].flatMap((material) =>
      material?.download.sample ? [material.kind] : [],
    ),
  );
}

function subtopicsLine(subtopics: readonly string[]): string {
  const line = subtopics.join(", ");
  return line.charAt(0).toUpperCase() + line.slice(1);
}

type SubjectTopicsProps = { subject: string; sections: readonly GradeSection[] };

export function SubjectTopics({ subject, sections }: SubjectTopicsProps) {
  let imagesShown = 0;
  return (
    <>
      {sections.length > 1 ? (
        <JumpLinks
          label="Jump to a grade"
          links={sections.map(({ grade }) => ({
            anchor: gradeAnchor(grade),
            text: `Grade ${grade}`,
          }))}
        />
      ) : null}
      {sections.map((section) => (
        <section key={section.grade} aria-labelledby={gradeAnchor(section.grade)}>
          <h2 id={gradeAnchor(section.grade)}>Grade {section.grade}</h2>
          <ul className="card-grid">
            {section.topics.map((card) => {
              const { booklet, practiceTest, answers } = card;
              return (
                <li key={booklet.key} className="card topic">
                  <a href={booklet.download.href} download className="topic__cover">
                    <ResponsiveImage
                      src={booklet.image ?? ""}
                      alt={`Download the ${booklet.title} booklet`}
                      width={132}
                      height={187}
                      eager={imagesShown++ < 2}
                    />
                  </a>
                  <h3 className="card__title">{booklet.title}</h3>
                  {booklet.topics?.length ? (
                    <p className="topic__subtopics">{subtopicsLine(booklet.topics)}</p>
                  ) : null}
                  <PriceTag isFree={booklet.isFree} priceNgwee={booklet.priceNgwee} />
                  <a className="button topic__download" href={booklet.download.href} download>
                    Download<span className="visually-hidden"> {booklet.title}</span>
                  </a>
                  <DownloadInfo
                    download={{ ...booklet.download, sample: cardSampleNote(card) }}
                    save={savedFileDetails({ subject, grade: section.grade, label: booklet.title })}
                  />
                  <ul className="topic__links">
                    {practiceTest ? (
                      <li>
                        <a href={practiceTest.download.href} download>
                          Practice Test
                        </a>
                      </li>
                    ) : null}
                    {answers ? (
                      <li>
                        <a href={answers.download.href} download>
                          Practice Test Answers
                        </a>
                      </li>
                    ) : null}
                    {booklet.brainBoosterHref ? (
                      <li>
                        <a href={booklet.brainBoosterHref}>Brain Booster</a>
                      </li>
                    ) : null}
                  </ul>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
