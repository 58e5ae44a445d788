import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/past-papers";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [medical, courses, school] = await Promise.all([
    listSubjects({ db, kind: "medical_subject" }),
    listSubjects({ db, kind: "course" }),
    listSubjects({ db, kind: "school_subject" }),
  ]);
  return { medical, courses, school };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Past papers",
    description:
      "Every past-paper page in one place: second-year medicine subjects from 2011 to 2023 and first-year university courses, free to download.",
    keywords: ["past papers", "sessional examinations", "medicine", "first year", "Zambia"],
    path: "/past-papers",
  });

/** Every medical subject's and first-year course's papers on one page (docs/decisions/0031-findable-pages-and-tap-targets.md). */
export default function PastPapers({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="past-papers-heading">
      <h1 id="past-papers-heading">Past papers</h1>
      <p>Past tests and sessional examinations to download, by subject and year.</p>
      <h2>Second-year medicine</h2>
      <SubjectLinks subjects={loaderData.medical} label="Medical subjects" />
      <h2>First year</h2>
      <SubjectLinks subjects={loaderData.courses} label="First-year courses" />
      <h2>Grade 10 - 12</h2>
      <p>Each subject page has practice tests with their answers, beside its booklets.</p>
      <SubjectLinks subjects={loaderData.school} label="Grade 10 - 12 subjects" />
    </section>
  );
}
