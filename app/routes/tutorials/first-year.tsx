import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import type { Route } from "./+types/first-year";

export async function loader({ context }: Route.LoaderArgs) {
  return { courses: await listSubjects({ db: context.get(appContext).db, kind: "course" }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "First year",
    description:
      "Past tests and sessional examinations for first-year national qualification courses BI110, CH110, PH110, MA110 and CS110.",
    keywords: ["first year", "BI110", "CH110", "PH110", "MA110", "CS110", "past papers"],
    path: "/tutorials/first-year",
  });

export default function FirstYear({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="first-year-heading">
      <h1 id="first-year-heading">First year</h1>
      <p>Past tests and sessional examinations for first-year national qualification courses.</p>
      <SubjectLinks subjects={loaderData.courses} label="Courses" />
    </section>
  );
}
