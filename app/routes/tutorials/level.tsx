import { LevelLinks } from "#app/features/catalogue/components/level-links";
import { SubjectLinks } from "#app/features/catalogue/components/subject-links";
import { listSubjects } from "#app/features/catalogue/queries.server";
import { subjectLevel, type SubjectKind } from "#app/features/catalogue/subject-names";
import { appContext } from "#app/lib/app-context.server";
import { notFound } from "#app/lib/http.server";
import { pageMeta } from "../page-heads";
import type { Route } from "./+types/level";

type Level = { kind: SubjectKind; intro?: string; label?: string };

// Each level's list of subjects, by its route's path in app/routes.ts; /tutorials and
// /tutorials/senior are one page under two heads (docs/requirements.md#tutorials).
const LEVELS = {
  tutorials: { kind: "school_subject" },
  "tutorials/senior": {
    kind: "school_subject",
    intro: "Choose a subject to see its topics for Grade Ten, Eleven and Twelve.",
  },
  "tutorials/first-year": {
    kind: "course",
    intro: "Past tests and sessional examinations for first-year national qualification courses.",
    label: "Courses",
  },
  "tutorials/med": {
    kind: "medical_subject",
    intro: "Past tests and sessional examinations, with answer schedules where we have them.",
  },
} satisfies Record<string, Level>;

const isLevel = (path: string): path is keyof typeof LEVELS => Object.hasOwn(LEVELS, path);

export async function loader({ pattern, context }: Route.LoaderArgs) {
  if (!isLevel(pattern)) throw notFound();
  const level: Level = LEVELS[pattern];
  const subjects = await listSubjects({ db: context.get(appContext).db, kind: level.kind });
  return { path: `/${pattern}` as const, level, subjects };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args.loaderData?.path ?? "/tutorials")(args);

export default function Level({ loaderData }: Route.ComponentProps) {
  const { path, level, subjects } = loaderData;
  // "tutorials-heading", "senior-heading", "first-year-heading", "med-heading".
  const headingId = `${path.split("/").at(-1)}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId}>{subjectLevel(level.kind)}</h1>
      {level.intro ? <p>{level.intro}</p> : null}
      <SubjectLinks subjects={subjects} label={level.label ?? "Subjects"} />
      {level.kind === "school_subject" ? (
        <>
          <h2>Other levels</h2>
          <LevelLinks except="/tutorials/senior" />
        </>
      ) : null}
    </section>
  );
}
