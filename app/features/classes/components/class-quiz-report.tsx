import type { teacherPage } from "../class-pages.server";
import { doneByText } from "../texts";

type Report = NonNullable<Awaited<ReturnType<typeof teacherPage>>>;

/** One set quiz: who has done it, each one's best and latest, and what most got wrong. */
export function ClassQuizReport({ quiz }: { quiz: Report["quizzes"][number] }) {
  const headingId = `quiz-${quiz.quiz}`;
  return (
    <section className="class-quiz" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <a href={quiz.href}>{quiz.title}</a>
      </h3>
      <p className="muted">
        {quiz.due ? `${quiz.due[0]!.toUpperCase()}${quiz.due.slice(1)} · ` : ""}
        {doneByText(quiz.doneBy, quiz.students.length)}
      </p>
      {quiz.students.length > 0 ? (
        <table className="class-table" aria-label={`Results: ${quiz.title}`}>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Best</th>
              <th scope="col">Latest</th>
              <th scope="col">Tries</th>
            </tr>
          </thead>
          <tbody>
            {quiz.students.map((student) => (
              <tr key={student.userId}>
                <td>{student.name}</td>
                <td>{student.best ?? "Not done"}</td>
                <td>{student.latest ?? ""}</td>
                <td>{student.attempts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {quiz.missed.length > 0 ? (
        <>
          <h4>Most missed</h4>
          <ol className="link-list" aria-label={`Most missed: ${quiz.title}`}>
            {quiz.missed.map((missed) => (
              <li key={missed.number}>
                Question {missed.number}: {missed.text} Missed by {missed.missedBy} of {quiz.doneBy}
                .{" "}
                {missed.commonWrong
                  ? `${missed.commonWrongBy} chose ${missed.commonWrong}: ${missed.commonWrongText}`
                  : "Most left it blank."}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <form method="post" className="class-inline">
        <input type="hidden" name="intent" value="unset-quiz" />
        <input type="hidden" name="quiz" value={quiz.quiz} />
        <button type="submit" className="button button--quiet">
          Stop setting {quiz.title}
        </button>
      </form>
    </section>
  );
}
