import { signedInUser } from "#app/routes/guards.server";
import { teacherStudentPage } from "#app/features/classes/class-pages.server";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import { notFound } from "#app/lib/http.server";
import { idFrom } from "./class-id.server";
import type { Route } from "./+types/student";

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await teacherStudentPage({
    db: context.get(appContext).db,
    userId: signedInUser(context).id,
    classId: idFrom(params.id),
    studentId: idFrom(params.student),
  });
  if (!page) throw notFound();
  return page;
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  metaFor(matches, {
    title: "A student's attempts",
    description: "A student's attempts on the class's quizzes since joining.",
    keywords: ["class", "teacher"],
    path: `/classes/${params.id}/students/${params.student}`,
    noindex: true,
  });

/** Only the class's set quizzes, and only since the student joined (docs/security.md#classes). */
export default function ClassStudent({ loaderData }: Route.ComponentProps) {
  const { class: taught, student, attempts } = loaderData;
  return (
    <section aria-labelledby="student-heading">
      <h1 id="student-heading">{student.name}</h1>
      <p className="muted">
        In {taught.name} since {student.joined}. Attempts on the class&apos;s set quizzes since
        then, newest first.
      </p>
      {attempts.length === 0 ? (
        <p>No attempts yet.</p>
      ) : (
        <table className="class-table" aria-labelledby="student-heading">
          <thead>
            <tr>
              <th scope="col">Quiz</th>
              <th scope="col">Result</th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id}>
                <td>{attempt.title}</td>
                <td>{attempt.result}</td>
                <td>{attempt.day}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={`/classes/${taught.id}`}>Back to {taught.name}</a>
      </p>
    </section>
  );
}
