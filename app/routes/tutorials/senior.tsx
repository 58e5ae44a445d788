import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/senior";

/** /tutorials and /tutorials/senior: one page under two heads (docs/requirements.md#tutorials). */
const HEADS = {
  "/tutorials": {
    title: "Tutorials",
    description:
      "Tutorial booklets, practice tests and Brain Booster quizzes for grade 10 to 12 biology, chemistry, English, mathematics and physics.",
    keywords: ["tutorials", "grade 10", "grade 11", "grade 12", "booklets", "practice tests"],
    path: "/tutorials",
  },
  "/tutorials/senior": {
    title: "Grade 10 - 12",
    description:
      "Senior secondary tutorials: choose biology, chemistry, English, mathematics or physics.",
    keywords: ["senior secondary", "grade 10 - 12", "Zambia", "tutorials"],
    path: "/tutorials/senior",
  },
} as const;

const isSenior = (pathname: string) => pathname.startsWith("/tutorials/senior");

export async function loader({ url, context }: Route.LoaderArgs) {
  return {
    senior: isSenior(url.pathname),
    subjects: await listSubjects({ db: context.get(appContext).db, kind: "school_subject" }),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  metaFor(matches, HEADS[isSenior(location.pathname) ? "/tutorials/senior" : "/tutorials"]);

export default function Senior({ loaderData }: Route.ComponentProps) {
  const { senior } = loaderData;
  return (
    <section aria-labelledby={senior ? "senior-heading" : "tutorials-heading"}>
      <h1 id={senior ? "senior-heading" : "tutorials-heading"}>Grade 10 - 12</h1>
      {senior ? <p>Choose a subject to see its topics for Grade Ten, Eleven and Twelve.</p> : null}
      <SubjectLinks subjects={loaderData.subjects} label="Subjects" />
      <h2>Other levels</h2>
      <LevelLinks except="/tutorials/senior" />
    </section>
  );
}
