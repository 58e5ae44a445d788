import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { pageMeta } from "./page-heads";
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

export const meta = pageMeta("/past-papers");

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
