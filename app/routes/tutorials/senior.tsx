import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/senior";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    subjects: await listSubjects({ db: context.get(appContext).db, kind: "school_subject" }),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Grade 10 - 12",
    description:
      "Senior secondary tutorials: choose biology, chemistry, English, mathematics or physics.",
    keywords: ["senior secondary", "grade 10 - 12", "Zambia", "tutorials"],
    path: "/tutorials/senior",
  });

export default function Senior({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="senior-heading">
      <h1 id="senior-heading">Grade 10 - 12</h1>
      <p>Choose a subject to see its topics for Grade Ten, Eleven and Twelve.</p>
      <SubjectLinks subjects={loaderData.subjects} label="Subjects" />
      <h2>Other levels</h2>
      <LevelLinks except="/tutorials/senior" />
    </section>
  );
}
