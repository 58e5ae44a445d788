import type { QuizTried } from "../progress-pages.server";
import { EczNote } from "#app/components/ui/ecz-note";
import { ResultLines } from "./result-lines";

export function QuizzesTried({ quizzes }: { quizzes: QuizTried[] }) {
  if (quizzes.length === 0) {
    return (
      <p>
        You have not tried a quiz yet. Pick one from the <a href="/quizzes">Brain Booster</a>{" "}
        quizzes.
      </p>
    );
  }
  return (
    <>
      <ul className="progress-list">
        {quizzes.map((quiz) => (
          <li key={quiz.slug} className="progress-list__quiz">
            <h2>
              <a href={`/progress/${quiz.slug}`}>{quiz.title}</a>
            </h2>
            <p className="muted">
              {quiz.level} · {quiz.attempts === 1 ? "1 attempt" : `${quiz.attempts} attempts`} ·
              latest on {quiz.latest.day}
            </p>
            <p className="progress-result">
              Best: {quiz.best.marks} ({quiz.best.percentage})
            </p>
            <ResultLines label="Latest" result={quiz.latest} />
            <a className="button" href={quiz.href}>
              Try again<span className="visually-hidden">: {quiz.title}</span>
            </a>
          </li>
        ))}
      </ul>
      {quizzes.some((quiz) => quiz.latest.ecz) ? <EczNote className="muted" /> : null}
    </>
  );
}
