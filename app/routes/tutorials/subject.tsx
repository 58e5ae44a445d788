import { redirect } from "react-router";
import { ShareLink } from "#app/components/ui/share-link";
import {
  PapersByYear,
  REVISION_ANCHOR,
  RevisionSections,
} from "#app/features/catalogue/components/past-papers";
import { SubjectTopics } from "#app/features/catalogue/components/subject-topics";
import { groupPapersByYear, groupTopicsByGrade } from "#app/features/catalogue/grouping";
import { describedHonestly } from "#app/features/catalogue/sample-note";
import { findSubject, pageMaterials } from "#app/features/catalogue/queries.server";
import {
  subjectHeading,
  subjectLevel,
  subjectSavedName,
} from "#app/features/catalogue/subject-names";
import { cardPreviewImage, subjectCard } from "#app/features/share-cards/share-cards.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor, whatsAppShareHref } from "#app/lib/head";
import { notFound } from "#app/lib/http.server";
import type { Route } from "./+types/subject";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const subject = await findSubject({ db: app.db, slug: params.slug });
  if (!subject) throw notFound();
  // One address per page: /tutorials/bi110 and /tutorials/PATHO lead to the canonical case.
  if (subject.slug !== params.slug) throw redirect(`/tutorials/${subject.slug}`, 301);
  const materials = await pageMaterials(app, subject.slug);
  const heading = subjectHeading(subject);
  const card = subjectCard({
    slug: subject.slug,
    heading,
    level: subjectLevel(subject.kind),
    siteName: app.site.name,
  });
  return {
    subject: {
      slug: subject.slug,
      kind: subject.kind,
      heading,
      savedName: subjectSavedName(subject),
      description: subject.description,
      previewDescription: describedHonestly(
        subject.description,
        materials.map((material) => material.download),
      ),
      keywords: subject.keywords,
      quizzes: subject.quizzes,
    },
    previewImage: cardPreviewImage(card),
    shareHref: whatsAppShareHref(app.site, { title: heading, path: `/tutorials/${subject.slug}` }),
    sections: subject.kind === "school_subject" ? groupTopicsByGrade(materials) : [],
    years: subject.kind === "school_subject" ? [] : groupPapersByYear(materials),
    topicalPdfs: materials.filter((material) => material.kind === "topical_pdf"),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { subject, previewImage } = loaderData;
  return metaFor(matches, {
    title: subject.heading,
    description: subject.previewDescription,
    keywords: subject.keywords,
    path: `/tutorials/${subject.slug}`,
    image: previewImage,
  });
};

export default function SubjectPage({ loaderData }: Route.ComponentProps) {
  const { subject, sections, years, topicalPdfs, shareHref } = loaderData;
  return (
    <article aria-labelledby="subject-heading">
      <h1 id="subject-heading">{subject.heading}</h1>
      <p>{subject.description}</p>
      <p>
        <ShareLink href={shareHref} what="this page" />
      </p>
      {subject.kind === "school_subject" ? (
        <SubjectTopics subject={subject.savedName} sections={sections} />
      ) : (
        <PapersByYear
          subject={subject.savedName}
          years={years}
          revisionAnchor={subject.kind === "medical_subject" ? REVISION_ANCHOR : undefined}
        />
      )}
      {subject.kind === "medical_subject" ? (
        <RevisionSections
          subject={subject.savedName}
          topicalPdfs={topicalPdfs}
          quizzes={subject.quizzes}
        />
      ) : null}
    </article>
  );
}
