import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    subjects: await listSubjects({ db: context.get(appContext).db, kind: "school_subject" }),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Tutorials",
    description:
      "Tutorial booklets, practice tests and Brain Booster quizzes for grade 10 to 12 biology, chemistry, English, mathematics and physics.",
    keywords: ["tutorials", "grade 10", "grade 11", "grade 12", "booklets", "practice tests"],
    path: "/tutorials",
  });

export default function TutorialsIndex({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="tutorials-heading">
      <h1 id="tutorials-heading">Grade 10 - 12</h1>
      <SubjectLinks subjects={loaderData.subjects} label="Subjects" />
      <h2>Other levels</h2>
      <LevelLinks except="/tutorials/senior" />
    </section>
  );
}
