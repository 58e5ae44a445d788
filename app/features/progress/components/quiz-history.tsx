import type { QuizHistory } from "../progress-pages.server";
import { EczNote } from "#app/components/ui/ecz-note";
import { ResultLines, RightAnswer, TryAgain } from "./result-lines";

export function QuizHistoryView({ history }: { history: QuizHistory }) {
  const { quiz, attempts, attemptCount, oftenWrong } = history;
  if (attempts.length === 0) {
    return (
      <>
        <p>You have not tried this quiz yet.</p>
        <p>
          <a className="button" href={quiz.href}>
            Try it now
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="muted">
        {quiz.level} · {attemptCount === 1 ? "1 attempt" : `${attemptCount} attempts`}
      </p>
      <TryAgain href={quiz.href} />
      <h2>Questions you get wrong most often</h2>
      {oftenWrong.length === 0 ? (
        <p>None: you got every question right each time.</p>
      ) : (
        <ol className="progress-wrong">
          {oftenWrong.map((question) => (
            <li key={question.number}>
              <p className="question__text">
                Question {question.number}: {question.text}
              </p>
              <p className="muted">
                Wrong {question.wrong} {question.wrong === 1 ? "time" : "times"} out of{" "}
                {question.attempts}.
              </p>
              <RightAnswer {...question} />
            </li>
          ))}
        </ol>
      )}
      <h2>Your attempts</h2>
      {attemptCount > attempts.length ? (
        <p className="muted">
          The latest {attempts.length} of your {attemptCount} attempts.
        </p>
      ) : null}
      <ul className="link-list progress-attempts">
        {attempts.map((attempt) => (
          <li key={attempt.id}>
            <a href={`/progress/attempts/${attempt.id}`}>{attempt.day}</a>
            <ResultLines label="Result" result={attempt} />
          </li>
        ))}
      </ul>
      {attempts.some((attempt) => attempt.ecz) ? <EczNote className="muted" /> : null}
    </>
  );
}
