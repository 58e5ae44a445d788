import { ResponsiveImage } from "#app/components/ui/responsive-image";
import { startingWithCapital } from "#app/lib/text-rules";
import { gradeAnchor, type GradeSection } from "#app/features/catalogue/grouping";
import { sampleNote, wholePageSampleNote } from "#app/features/catalogue/sample-note";
import { savedFileDetails } from "#app/features/catalogue/saved-file-details";
import { DownloadInfo, SaveOfflineButton } from "./download-info";
import { JumpLinks } from "./jump-links";
import { PriceTag } from "./price-tag";

type TopicCard = GradeSection["topics"][number];

const cardMaterials = ({ booklet, practiceTest, answers }: TopicCard) =>
  [booklet, practiceTest, answers].flatMap((material) => (material ? [material] : []));

function cardSampleNote(card: TopicCard) {
  return sampleNote(
    cardMaterials(card).flatMap((material) => (material.download.sample ? [material.kind] : [])),
  );
}

/** Said once above the topics when every file of the page is a sample, not on each of them. */
function pageSampleNote(sections: readonly GradeSection[]) {
  const materials = sections.flatMap((section) => section.topics.flatMap(cardMaterials));
  if (!materials.every((material) => material.download.sample)) return null;
  return wholePageSampleNote(materials.map((material) => material.kind));
}

function subtopicsLine(subtopics: readonly string[]): string {
  return startingWithCapital(subtopics.join(", "));
}

type SubjectTopicsProps = { subject: string; sections: readonly GradeSection[] };

export function SubjectTopics({ subject, sections }: SubjectTopicsProps) {
  let imagesShown = 0;
  const wholePageSample = pageSampleNote(sections);
  return (
    <>
      {wholePageSample ? <p className="sample-note">{wholePageSample}</p> : null}
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
          <ul className="topic-list">
            {section.topics.map((card) => {
              const { booklet, practiceTest, answers } = card;
              // Each link names its topic for a screen reader, which lists links out of the card.
              const named = (text: string) => ({ "aria-label": `${text}: ${booklet.title}` });
              return (
                <li key={booklet.key} className="topic">
                  {/* The subject's cover is the same for every topic: the title on it tells them apart. */}
                  <a href={booklet.download.href} download className="topic__cover">
                    <ResponsiveImage
                      src={booklet.image ?? ""}
                      alt={`Download the ${booklet.title} booklet`}
                      width={132}
                      height={187}
                      eager={imagesShown++ < 2}
                    />
                    <span className="topic__cover-title" aria-hidden="true">
                      {booklet.title}
                    </span>
                  </a>
                  <div className="topic__body">
                    <div className="topic__head">
                      <h3 className="card__title">{booklet.title}</h3>
                      <PriceTag isFree={booklet.isFree} priceNgwee={booklet.priceNgwee} />
                    </div>
                    {booklet.topics?.length ? (
                      <p className="topic__subtopics">{subtopicsLine(booklet.topics)}</p>
                    ) : null}
                    <a className="button topic__download" href={booklet.download.href} download>
                      Download<span className="visually-hidden"> {booklet.title}</span>
                    </a>
                    {booklet.download.size ? (
                      <SaveOfflineButton
                        href={booklet.download.href}
                        save={savedFileDetails({
                          subject,
                          grade: section.grade,
                          label: booklet.title,
                        })}
                      />
                    ) : null}
                    <DownloadInfo
                      download={{
                        ...booklet.download,
                        sample: wholePageSample ? null : cardSampleNote(card),
                      }}
                    />
                  </div>
                  <ul className="topic__more">
                    {practiceTest ? (
                      <li>
                        <a href={practiceTest.download.href} download {...named("Practice Test")}>
                          Practice Test
                        </a>
                      </li>
                    ) : null}
                    {answers ? (
                      <li>
                        <a
                          href={answers.download.href}
                          download
                          {...named("Practice Test Answers")}
                        >
                          Practice Test Answers
                        </a>
                      </li>
                    ) : null}
                    {booklet.brainBoosterHref ? (
                      <li>
                        <a href={booklet.brainBoosterHref} {...named("Brain Booster")}>
                          Brain Booster
                        </a>
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
