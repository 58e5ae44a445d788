import { dropDownField, optionField } from "#app/features/quizzes/answer-fields";
import { optionMark } from "#app/features/quizzes/option-marks";
import type { MarkedQuiz } from "#app/features/quizzes/posted-answers";
import { LETTERS, quizPath } from "#app/features/quizzes/quiz-constants";
import type { QuizForPage } from "#app/features/quizzes/quizzes.server";
import { eczPointsLine, showsEczPoints } from "#app/features/quizzes/ecz-points";
import { SaveStatusLine, type SaveStatus } from "#app/features/quizzes/components/save-status-line";
import { EczNote } from "#app/components/ui/ecz-note";
import { OptionMarkText } from "#app/components/ui/option-mark";
import { QuestionDiagram } from "#app/components/ui/question-diagram";
import { formatPercentage, gradeLine, scoreQuiz, type Choice } from "#app/features/quizzes/scoring";

type QuizScreenProps = { quiz: QuizForPage; marked?: MarkedQuiz; saveStatus?: SaveStatus };

// The page script fills these (docs/decisions/0039-quiz-results-without-javascript.md).
export function QuizScreen({ quiz, marked, saveStatus }: QuizScreenProps) {
  const resultsShown = marked !== undefined;
  const key = quiz.questions.map((question) => question.answer);
  const unanswered = key.map((): Choice => "");
  const { choices, score } = marked ?? { choices: unanswered, score: scoreQuiz(unanswered, key) };
  const grade = gradeLine(score.percentage);
  return (
    // Without JavaScript, #results opens the results page at the total, as the script does.
    <form
      className="quiz"
      method="post"
      action={quiz.showScore ? "#results" : undefined}
      data-quiz={quiz.slug}
      data-attempt-id={saveStatus?.save === "saved" ? saveStatus.attemptId : undefined}
      data-answered-at={saveStatus?.save === "saved" ? saveStatus.answeredAt : undefined}
    >
      {/* Unnamed, so never posted: it only shows the spec's drop-downs (docs/decisions/0100-one-control-and-marked-options.md). */}
      <label className="quiz__letters">
        <input type="checkbox" /> Show an A, B, C drop-down under each question
      </label>
      <ol className="quiz__questions">
        {quiz.questions.map((question, index) => (
          <Question
            key={index}
            number={index + 1}
            question={question}
            choice={choices[index] ?? ""}
            correct={score.correct[index] ?? false}
            resultsShown={resultsShown}
          />
        ))}
      </ol>
      {quiz.showScore ? (
        <div
          id="results"
          className="quiz__total"
          role="status"
          tabIndex={-1}
          hidden={!resultsShown}
          // Read out as the results page opens (docs/requirements.md#after-show-results).
          autoFocus={resultsShown}
        >
          <p>
            You got: <span className="quiz__score">{score.score}</span>/{score.total}
          </p>
          <p className="quiz__percentage">{formatPercentage(score.percentage)}</p>
          <p className={grade.className}>{grade.text}</p>
          {showsEczPoints(quiz.level) ? (
            <>
              <p className="quiz__ecz">{eczPointsLine(score.percentage)}</p>
              <EczNote className="quiz__ecz-note" />
            </>
          ) : null}
        </div>
      ) : null}
      <SaveStatusLine posted={saveStatus} />
      {resultsShown ? null : (
        <button type="submit" className="button quiz__submit">
          Show Results
        </button>
      )}
      <p className="quiz__again" hidden={!resultsShown}>
        <a href={quizPath(quiz.slug)}>Start again</a>
      </p>
    </form>
  );
}

type QuestionProps = {
  number: number;
  question: QuizForPage["questions"][number];
  choice: Choice;
  correct: boolean;
  resultsShown: boolean;
};

function Question({ number, question, choice, correct, resultsShown }: QuestionProps) {
  const textId = `question-${number}`;
  return (
    <li className="question" aria-labelledby={textId} data-answer={question.answer}>
      <p id={textId} className="question__text">
        {question.question}
      </p>
      <QuestionDiagram diagram={question.diagram} />
      <div className="question__options" role="radiogroup" aria-labelledby={textId}>
        {question.options.map((option, index) => {
          const letter = LETTERS[index]!;
          const isKey = letter === question.answer;
          const mark = resultsShown ? optionMark(letter, question.answer, choice) : undefined;
          return (
            <label key={letter} className="option" data-mark={mark}>
              <input
                type="radio"
                name={optionField(number)}
                value={letter}
                defaultChecked={choice === letter}
              />
              <span>
                <span className="option__letter">{letter}.</span>{" "}
                <span className="option__text">{option}</span>
                <OptionMarkText mark={isKey ? "right" : "wrong"} hidden={!mark} />
              </span>
            </label>
          );
        })}
      </div>
      <div className="question__letter">
        <label className="question__label" htmlFor={dropDownField(number)}>
          Your answer to question {number}
        </label>
        <select id={dropDownField(number)} name={dropDownField(number)} defaultValue={choice}>
          <option value="">Pick an answer</option>
          {LETTERS.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </select>
      </div>
      <div className="question__feedback" hidden={!resultsShown}>
        <p className="result result--correct" hidden={!correct}>
          <span aria-hidden="true">✓ </span>Correct <span className="result__marks">[1 mark]</span>
        </p>
        <p className="result result--wrong" hidden={correct}>
          <span aria-hidden="true">✗ </span>Wrong <span className="result__marks">[0 marks]</span>
        </p>
        <p className="question__explanation">
          <strong>Answer {question.answer}.</strong> {question.explanation}
        </p>
      </div>
    </li>
  );
}
