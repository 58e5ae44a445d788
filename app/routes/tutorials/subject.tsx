import { data, redirect } from "react-router";
import { PapersByYear, RevisionSections } from "#app/features/catalogue/components/past-papers";
import { SubjectTopics } from "#app/features/catalogue/components/subject-topics";
import { groupPapersByYear, groupTopicsByGrade } from "#app/features/catalogue/grouping";
import { pageMaterials } from "#app/features/catalogue/page-data.server";
import { findSubject } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/site-data";
import type { Route } from "./+types/subject";

/** /tutorials/{slug}: a school subject, a medical past-paper subject or a first-year course. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const subject = await findSubject({ db: app.db, slug: params.slug });
  if (!subject) throw data(null, { status: 404 });
  // One address per page: /tutorials/bi110 and /tutorials/PATHO lead to the canonical case.
  if (subject.slug !== params.slug) throw redirect(`/tutorials/${subject.slug}`, 301);
  const materials = await pageMaterials(app, subject.slug);
  return {
    subject: {
      slug: subject.slug,
      kind: subject.kind,
      name: subject.name,
      description: subject.description,
      keywords: subject.keywords,
      quizzes: subject.quizzes,
    },
    sections: subject.kind === "school_subject" ? groupTopicsByGrade(materials) : [],
    years: subject.kind === "school_subject" ? [] : groupPapersByYear(materials),
    topicalPdfs: materials.filter((material) => material.kind === "topical_pdf"),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const { subject } = loaderData;
  return metaFor(matches, {
    title: headingOf(subject),
    description: subject.description,
    keywords: subject.keywords,
    path: `/tutorials/${subject.slug}`,
  });
};

function headingOf(subject: { kind: string; slug: string; name: string }) {
  if (subject.kind === "medical_subject") return `${subject.name} past papers`;
  return nameOf(subject);
}

/** The subject as /saved names it: "Pathology", "BI110 Biology", "Mathematics". */
function nameOf(subject: { kind: string; slug: string; name: string }) {
  return subject.kind === "course" ? `${subject.slug} ${subject.name}` : subject.name;
}

export default function SubjectPage({ loaderData }: Route.ComponentProps) {
  const { subject, sections, years, topicalPdfs } = loaderData;
  return (
    <article aria-labelledby="subject-heading">
      <h1 id="subject-heading">{headingOf(subject)}</h1>
      <p>{subject.description}</p>
      {subject.kind === "school_subject" ? (
        <SubjectTopics subject={nameOf(subject)} sections={sections} />
      ) : (
        <PapersByYear subject={nameOf(subject)} years={years} />
      )}
      {subject.kind === "medical_subject" ? (
        <RevisionSections
          subject={nameOf(subject)}
          topicalPdfs={topicalPdfs}
          quizzes={subject.quizzes}
        />
      ) : null}
    </article>
  );
}
