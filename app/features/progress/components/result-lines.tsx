import type { ResultText } from "../progress-pages.server";

export function ResultLines({ label, result }: { label: string; result: ResultText }) {
  return (
    <p className="progress-result">
      {label}: {result.marks} ({result.percentage}){" "}
      <span className={result.grade.className}>{result.grade.text}</span>
      {result.ecz ? (
        <>
          {" "}
          <span className="progress-result__ecz">{result.ecz}</span>
        </>
      ) : null}
    </p>
  );
}

type Answer = Record<"answer" | "answerText" | "explanation", string>;

export function RightAnswer({ answer, answerText, explanation }: Answer) {
  return (
    <p className="question__explanation">
      <strong>
        Answer {answer}. {answerText}
      </strong>{" "}
      {explanation}
    </p>
  );
}

export function TryAgain({ href }: { href: string }) {
  return (
    <p>
      <a className="button" href={href}>
        Try again
      </a>
    </p>
  );
}
