import { data, redirect } from "react-router";
import { signedInUser } from "#app/routes/guards.server";
import { teacherPage } from "#app/features/classes/class-pages.server";
import {
  closeClass,
  removeStudent,
  renewCode,
  setQuiz,
  unsetQuiz,
} from "#app/features/classes/classes.server";
import { ClassQuizReport } from "#app/features/classes/components/class-quiz-report";
import { TeacherChangeSchema } from "#app/features/classes/schemas";
import { CLASS_TEXTS, studentsText } from "#app/features/classes/texts";
import { appContext } from "#app/lib/app-context.server";
import { metaFor } from "#app/lib/head";
import { notFound, readFormFields } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import { idFrom } from "./class-id.server";
import type { Route } from "./+types/class";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, now, site } = context.get(appContext);
  const page = await teacherPage({
    db,
    userId: signedInUser(context).id,
    classId: idFrom(params.id),
    now: now(),
  });
  // Another teacher's class is as missing as one never started (docs/security.md#classes).
  if (!page) throw notFound();
  return { ...page, joinLink: `${site.url}${page.class.joinPath}` };
}

const NOTICES = {
  "set-quiz": "The quiz is set. Your students see it on Home and My progress.",
  "unset-quiz": "The quiz is no longer set.",
  "remove-student": "The student is no longer in the class.",
  "renew-code": "The class has a new code. The old one no longer lets anyone join.",
} as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const classId = idFrom(params.id);
  const parsed = TeacherChangeSchema.safeParse(await readFormFields(request, { maxBytes: 4096 }));
  if (!parsed.success)
    return data({ notice: null, error: describeIssues(parsed.error).error }, { status: 400 });
  const { db } = context.get(appContext);
  const teacher = { db, userId: signedInUser(context).id, classId };
  const change = parsed.data;
  const result = await (() => {
    switch (change.intent) {
      case "set-quiz":
        return setQuiz({ ...teacher, quiz: change.quiz, due: change.due });
      case "unset-quiz":
        return unsetQuiz({ ...teacher, quiz: change.quiz });
      case "remove-student":
        return removeStudent({ ...teacher, studentId: change.student });
      case "renew-code":
        return renewCode(teacher);
      case "close":
        return closeClass(teacher);
    }
  })();
  if (result.outcome === "not-found") throw notFound();
  if (result.outcome === "too-many")
    return data({ notice: null, error: CLASS_TEXTS.tooManyQuizzes }, { status: 409 });
  if (result.outcome === "closed") throw redirect("/classes", 303);
  return { notice: NOTICES[change.intent as keyof typeof NOTICES], error: null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  metaFor(matches, {
    title: loaderData?.class.name ?? "Class",
    description: "How the class does on the quizzes you set.",
    keywords: ["class", "teacher"],
    path: `/classes/${params.id}`,
    noindex: true,
  });

export default function ClassPage({ loaderData, actionData }: Route.ComponentProps) {
  const { class: taught, students, quizzes, joinLink } = loaderData;
  const base = `/classes/${taught.id}`;
  return (
    <article aria-labelledby="class-heading">
      <h1 id="class-heading">{taught.name}</h1>
      <p className="muted">
        {taught.subject} · {taught.grade} · {studentsText(students.length)}
      </p>
      {actionData?.notice ? (
        <p className="notice" role="status">
          {actionData.notice}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <h2>Class code</h2>
      <p className="class-code">{taught.codeText}</p>
      <p>
        Students type it at <a href="/classes">My classes</a>, or open the join link:{" "}
        <a href={taught.joinPath}>{joinLink}</a>
      </p>
      <form method="post">
        <input type="hidden" name="intent" value="renew-code" />
        <button type="submit" className="button button--quiet">
          Renew the code
        </button>
      </form>
      <p>
        <a className="button" href={`${base}/quizzes`}>
          Set a quiz
        </a>{" "}
        <a href={`${base}/csv`} download>
          Download the results (CSV)
        </a>
      </p>
      <h2>Set quizzes</h2>
      {quizzes.length === 0 ? (
        <p className="muted">No quiz set yet.</p>
      ) : (
        quizzes.map((quiz) => <ClassQuizReport key={quiz.quiz} quiz={quiz} />)
      )}
      <h2 id="students-heading">Students</h2>
      {students.length === 0 ? (
        <p className="muted">No student has joined yet. Give them the code or the link.</p>
      ) : (
        <table className="class-table" aria-labelledby="students-heading">
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Joined</th>
              <th scope="col">Attempts</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {students.map((student) => (
              <tr key={student.userId}>
                <td>
                  <a href={`${base}/students/${student.userId}`}>{student.name}</a>
                </td>
                <td>{student.joined}</td>
                <td>{student.attempts}</td>
                <td>
                  <form method="post" className="class-inline">
                    <input type="hidden" name="intent" value="remove-student" />
                    <input type="hidden" name="student" value={student.userId} />
                    <button type="submit" aria-label={`Remove ${student.name}`}>
                      Remove
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2>Close the class</h2>
      <form method="post" className="account-form">
        <input type="hidden" name="intent" value="close" />
        <p className="muted">
          Its students and set quizzes go; each student keeps their own results.
        </p>
        <label>
          <input type="checkbox" name="confirm" value="yes" required /> I mean to close{" "}
          {taught.name}
        </label>
        <button type="submit" className="button button--danger">
          Close the class
        </button>
      </form>
    </article>
  );
}
