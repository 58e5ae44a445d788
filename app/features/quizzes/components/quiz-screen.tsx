import { type Ref, useEffect, useRef, useState } from "react";
import { LETTERS, type Letter } from "#app/features/quizzes/quiz-constants";
import type { QuizForPage } from "#app/features/quizzes/quizzes.server";
import { formatPercentage, gradeFor, scoreQuiz, type Choice } from "#app/features/quizzes/scoring";

/**
 * The quiz screen (docs/requirements.md, "Brain Booster quizzes"): a select per question, 'Show Results' once and for
 * good, then a live Correct/Wrong line per question and, for most quizzes, the total and
 * grade. Everything happens in the page: no network after it has loaded.
 */
export function QuizScreen({ quiz }: { quiz: QuizForPage }) {
  const [choices, setChoices] = useState<Choice[]>(() => quiz.questions.map(() => ""));
  const [resultsShown, setResultsShown] = useState(false);
  const key = quiz.questions.map((question) => question.answer);
  const result = scoreQuiz(choices, key);
  const totalRef = useRef<HTMLDivElement>(null);
  // Once the results are shown, the total and grade come into view and take the focus, so a
  // student on a small screen sees them and a screen reader reads them.
  useEffect(() => {
    if (!resultsShown) return;
    totalRef.current?.scrollIntoView({ block: "center" });
    totalRef.current?.focus({ preventScroll: true });
  }, [resultsShown]);

  return (
    <form
      className="quiz"
      onSubmit={(event) => {
        event.preventDefault();
        setResultsShown(true);
      }}
    >
      <ol className="quiz__questions">
        {quiz.questions.map((question, index) => {
          const number = index + 1;
          const selectId = `answer-${number}`;
          return (
            <li key={number} className="question" aria-labelledby={`question-${number}`}>
              <p id={`question-${number}`} className="question__text">
                {question.question}
              </p>
              {question.diagram ? (
                <div
                  className="question__diagram"
                  role="img"
                  aria-label={question.diagram.alt}
                  // Checked-in drawings that passed the allow-list of ../diagram-check.server.ts.
                  dangerouslySetInnerHTML={{ __html: question.diagram.svg }}
                />
              ) : null}
              <ol className="question__options" type="a">
                {question.options.map((option) => (
                  <li key={option}>{option}</li>
                ))}
              </ol>
              <label className="question__label" htmlFor={selectId}>
                Your answer to question {number}
              </label>
              <select
                id={selectId}
                value={choices[index]}
                onChange={(event) => {
                  const choice = event.target.value as Choice;
                  setChoices((current) =>
                    current.map((existing, position) => (position === index ? choice : existing)),
                  );
                }}
              >
                <option value="">Pick an answer</option>
                {LETTERS.map((letter) => (
                  <option key={letter} value={letter}>
                    {letter}
                  </option>
                ))}
              </select>
              {resultsShown ? (
                <Feedback
                  correct={result.correct[index]!}
                  answer={question.answer}
                  explanation={question.explanation}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      {resultsShown ? (
        quiz.showScore ? (
          <Total
            ref={totalRef}
            score={result.score}
            total={result.total}
            percentage={result.percentage}
          />
        ) : null
      ) : (
        <button type="submit" className="button quiz__submit">
          Show Results
        </button>
      )}
      {resultsShown ? (
        <p>
          <a href={`/${quiz.slug}`}>Start again</a>
        </p>
      ) : null}
    </form>
  );
}

function Feedback({
  correct,
  answer,
  explanation,
}: {
  correct: boolean;
  answer: Letter;
  explanation: string;
}) {
  return (
    <div className="question__feedback">
      {correct ? (
        <p className="result result--correct">
          <span aria-hidden="true">✓ </span>Correct <span className="result__marks">[1 mark]</span>
        </p>
      ) : (
        <p className="result result--wrong">
          <span aria-hidden="true">✗ </span>Wrong <span className="result__marks">[0 marks]</span>
        </p>
      )}
      <p className="question__explanation">
        <strong>Answer {answer.toLowerCase()}.</strong> {explanation}
      </p>
    </div>
  );
}

function Total({
  ref,
  score,
  total,
  percentage,
}: {
  ref: Ref<HTMLDivElement>;
  score: number;
  total: number;
  percentage: number;
}) {
  const grade = gradeFor(percentage);
  return (
    <div className="quiz__total" role="status" ref={ref} tabIndex={-1}>
      <p>
        You got: {score}/{total}
      </p>
      <p>{formatPercentage(percentage)}</p>
      {grade === "Error" ? (
        <p>Error</p>
      ) : (
        <p className={`grade grade--${grade.level}`}>{grade.text}</p>
      )}
    </div>
  );
}
