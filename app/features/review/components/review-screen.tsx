import { OptionMarkText } from "#app/components/ui/option-mark";
import { QuestionDiagram } from "#app/components/ui/question-diagram";
import type { ReviewQuestion } from "../review-session.server";
import {
  dueTodayText,
  EMPTY_QUEUE_TEXT,
  LEFT_QUEUE_TEXT,
  nextDueText,
  nextReviewText,
} from "../texts";

// A quiz question's three options (content/quizzes/README.md).
const LETTERS = ["A", "B", "C"] as const;

const REVIEW_PART = { due: "review-due", answered: "answered", next: "review-next" };

export type Marked = ReviewQuestion & {
  choice: string;
  correct: boolean;
  card: { due: Date; inQueue: boolean };
};

type SessionProps = {
  dueToday: number;
  inQueue: number;
  next: { day: Date; count: number } | null;
  questions: (ReviewQuestion & { answerId: string })[];
  marked?: Marked;
};

const BLANK: ReviewQuestion & { answerId: string } = {
  // Filled in by the page script for each question it draws.
  quiz: "" as ReviewQuestion["quiz"],
  quizTitle: "",
  quizPath: "",
  number: 0,
  text: "",
  options: ["", "", ""],
  answer: "A",
  explanation: "",
  diagram: null,
  answerId: "",
};

/** The page script draws the phone's questions from this (docs/decisions/0086-the-phone-queue-merges-at-login.md). */
function CardTemplate() {
  return (
    <template id="review-card">
      <li>
        <ReviewCard question={BLANK} />
      </li>
    </template>
  );
}

/** A student not signed in: the script shows the queue kept on this phone. */
export function PhoneSession() {
  return (
    <>
      <p id={REVIEW_PART.due} className="review__due" role="status" hidden />
      <ol className="review__questions" data-signed-out="" />
      <p id={REVIEW_PART.next} className="review__next">
        <noscript>Questions kept on this phone show here when JavaScript is on.</noscript>
      </p>
      <CardTemplate />
    </>
  );
}

/**
 * Today's due questions, one form each: without JavaScript a form posts and the server marks
 * it (docs/decisions/0085-review-works-without-javascript-and-offline.md).
 */
export function ReviewSession({ dueToday, inQueue, next, questions, marked }: SessionProps) {
  return (
    <>
      <p id={REVIEW_PART.due} className="review__due" role="status">
        {dueToday > 0 ? `${dueTodayText(dueToday)}.` : "Nothing to review today."}
      </p>
      {marked ? <MarkedAnswer marked={marked} /> : null}
      <ol className="review__questions">
        {questions.map((question) => (
          <li key={`${question.quiz}:${question.number}`}>
            <ReviewCard question={question} />
          </li>
        ))}
      </ol>
      <p id={REVIEW_PART.next} className="review__next">
        {next ? nextDueText(next) : inQueue === 0 ? EMPTY_QUEUE_TEXT : ""}
      </p>
      <CardTemplate />
    </>
  );
}

function QuestionSource({ question }: { question: ReviewQuestion }) {
  return (
    <p className="muted review-card__source">
      <a href={question.quizPath}>{question.quizTitle}</a>, question{" "}
      <span className="review-card__number">{question.number}</span>
    </p>
  );
}

function ReviewCard({ question }: { question: ReviewQuestion & { answerId: string } }) {
  const textId = `review-${question.quiz}-${question.number}`;
  return (
    <form
      method="post"
      action={`/review#${REVIEW_PART.answered}`}
      className="question review-card"
      aria-labelledby={textId}
      data-quiz={question.quiz}
      data-question={question.number}
      data-answer={question.answer}
    >
      <input type="hidden" name="id" value={question.answerId} />
      <input type="hidden" name="quiz" value={question.quiz} />
      <input type="hidden" name="question" value={question.number} />
      <QuestionSource question={question} />
      <p id={textId} className="question__text">
        {question.text}
      </p>
      <QuestionDiagram diagram={question.diagram} />
      <div className="question__options" role="radiogroup" aria-labelledby={textId}>
        {question.options.map((option, index) => (
          <label key={index} className="option">
            <input type="radio" name="answer" value={LETTERS[index]} required />
            <span>
              <span className="option__letter">{LETTERS[index]}.</span>{" "}
              <span className="option__text">{option}</span>
              {/* The script shows the one that fits once the answer is checked. */}
              <OptionMarkText mark="right" hidden />
              <OptionMarkText mark="wrong" hidden />
            </span>
          </label>
        ))}
      </div>
      <button type="submit" className="button review-card__check">
        Check answer
      </button>
      <div className="question__feedback" role="status" hidden>
        <p className="result result--correct" hidden>
          <span aria-hidden="true">✓ </span>Correct
        </p>
        <p className="result result--wrong" hidden>
          <span aria-hidden="true">✗ </span>Wrong
        </p>
        <p className="question__explanation">
          <strong>Answer {question.answer}.</strong>{" "}
          <span className="review-card__explanation">{question.explanation}</span>
        </p>
        <p className="review-card__next" />
      </div>
    </form>
  );
}

function MarkedAnswer({ marked }: { marked: Marked }) {
  return (
    <div
      id={REVIEW_PART.answered}
      className="question review-card review-card--answered"
      tabIndex={-1}
      // Read out as the page opens at the answer, as a quiz's results page does.
      autoFocus
    >
      <QuestionSource question={marked} />
      <p className="question__text">{marked.text}</p>
      <QuestionDiagram diagram={marked.diagram} />
      <p className={marked.correct ? "result result--correct" : "result result--wrong"}>
        <span aria-hidden="true">{marked.correct ? "✓ " : "✗ "}</span>
        {marked.correct ? "Correct" : "Wrong"}
      </p>
      <p>
        Your answer:{" "}
        {marked.choice
          ? `${marked.choice}. ${marked.options[LETTERS.indexOf(marked.choice as "A")] ?? ""}`
          : "No answer"}
      </p>
      <p className="question__explanation">
        <strong>Answer {marked.answer}.</strong> {marked.explanation}
      </p>
      <p className="review-card__next">
        {marked.card.inQueue ? nextReviewText(marked.card.due) : LEFT_QUEUE_TEXT}
      </p>
    </div>
  );
}
