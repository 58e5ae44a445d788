import type { ResultText } from "../progress-views";

/** "7/10 (70%)", the grade band in its colours, and the ECZ points where they apply. */
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

/** The right answer, its option's text and the explanation, as the quiz screen gives them. */
export function RightAnswer({
  answer,
  answerText,
  explanation,
}: {
  answer: string;
  answerText: string;
  explanation: string;
}) {
  return (
    <p className="question__explanation">
      <strong>
        Answer {answer}. {answerText}
      </strong>{" "}
      {explanation}
    </p>
  );
}

/** The way back to the quiz for another attempt. */
export function TryAgain({ slug }: { slug: string }) {
  return (
    <p>
      <a className="button" href={`/${slug}`}>
        Try again
      </a>
    </p>
  );
}
