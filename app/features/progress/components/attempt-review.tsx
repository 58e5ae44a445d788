import { QuestionDiagram } from "#app/components/ui/question-diagram";
import type { AttemptReview } from "../progress-pages.server";
import { EczNote } from "#app/components/ui/ecz-note";
import { ResultLines, RightAnswer, TryAgain } from "./result-lines";

export function AttemptReviewView({ review }: { review: AttemptReview }) {
  const { quiz, day, result, questions } = review;
  return (
    <article aria-labelledby="attempt-heading">
      <h1 id="attempt-heading">
        My attempt: {quiz.title}, {day}
      </h1>
      <p className="muted">{quiz.level}</p>
      <ResultLines label="You got" result={result} />
      {result.ecz ? <EczNote className="muted" /> : null}
      <ol className="quiz__questions">
        {questions.map((question) => (
          <li key={question.number} className="question">
            <p className="question__text">{question.text}</p>
            <QuestionDiagram diagram={question.diagram} />
            <p>
              Your answer:{" "}
              {question.chosen ? `${question.chosen}. ${question.chosenText}` : "No answer"}
            </p>
            {question.correct ? (
              <p className="result result--correct">
                <span aria-hidden="true">✓ </span>Right
              </p>
            ) : (
              <p className="result result--wrong">
                <span aria-hidden="true">✗ </span>Wrong
              </p>
            )}
            <RightAnswer {...question} />
          </li>
        ))}
      </ol>
      <TryAgain href={quiz.href} />
      <p className="progress-back">
        <a href={`/progress/${quiz.slug}`}>All your attempts at {quiz.title}</a>
      </p>
    </article>
  );
}
