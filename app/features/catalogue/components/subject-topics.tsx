import { ResponsiveImage } from "#app/components/ui/responsive-image";
import type { GradeSection } from "#app/features/catalogue/grouping";
import { savedFileDetails } from "#app/features/catalogue/saved-file-details";
import { DownloadInfo } from "./download-info";
import { PriceTag } from "./price-tag";

/** Topic cards under Grade Ten, Eleven and Twelve (docs/requirements.md, "Subject pages"). */
export function SubjectTopics({
  subject,
  sections,
}: {
  subject: string;
  sections: readonly GradeSection[];
}) {
  let imagesShown = 0;
  return sections.map((section) => (
    <section key={section.grade} aria-labelledby={`grade-${slug(section.grade)}`}>
      <h2 id={`grade-${slug(section.grade)}`}>Grade {section.grade}</h2>
      <ul className="card-grid">
        {section.topics.map(({ booklet, practiceTest, answers }) => (
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
            <PriceTag isFree={booklet.isFree} priceNgwee={booklet.priceNgwee} />
            <DownloadInfo
              download={booklet.download}
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
              {booklet.brainBooster ? (
                <li>
                  <a href={`/${booklet.brainBooster}`}>Brain Booster</a>
                </li>
              ) : null}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  ));
}

function slug(grade: string) {
  return grade.toLowerCase().replace(/[^a-z]+/g, "-");
}
