import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/med";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    subjects: await listSubjects({ db: context.get(appContext).db, kind: "medical_subject" }),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Second-year medicine",
    description:
      "Past papers, tests and sessional examinations for the eleven second-year medical subjects, newest first.",
    keywords: [
      "second year medicine",
      "MBChB",
      "past papers",
      "pathology",
      "physiology",
      "anatomy",
    ],
    path: "/tutorials/med",
  });

export default function Medicine({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="med-heading">
      <h1 id="med-heading">Second-year medicine</h1>
      <p>Past tests and sessional examinations, with answer schedules where we have them.</p>
      <SubjectLinks subjects={loaderData.subjects} label="Subjects" />
    </section>
  );
}
