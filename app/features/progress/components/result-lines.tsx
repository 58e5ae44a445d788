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
