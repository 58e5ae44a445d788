// A quiz page's live behaviour, over the page the server rendered
// (docs/decisions/0039-quiz-results-without-javascript.md): each question's options and
// drop-down stay in step, Show Results marks in place with no network, and the marks then
// follow every change. Every text shown is already in the page, or comes from scoring.ts, the
// marking the server uses. Each attempt is then kept on the phone and sent to My progress
// (docs/decisions/0042-quiz-attempts-kept-offline-first.md), after the marks are shown.
import { quizPageAttempt } from "#app/features/progress/quiz-page-attempt";
import { answerFrom, dropDownField, optionField } from "#app/features/quizzes/answer-fields";
import type { Letter } from "#app/features/quizzes/quiz-constants";
import { eczPointsLine } from "#app/features/quizzes/ecz-points";
import { formatPercentage, gradeLine, scoreQuiz, type Choice } from "#app/features/quizzes/scoring";

type Question = {
  key: Letter;
  dropDown: HTMLSelectElement;
  options: HTMLInputElement[];
  correctLine: HTMLElement;
  wrongLine: HTMLElement;
};

const form = document.querySelector<HTMLFormElement>("form.quiz");
if (form) enhanceQuiz(form);

function enhanceQuiz(form: HTMLFormElement) {
  const questions: Question[] = [...form.querySelectorAll<HTMLElement>(".question")].map(
    (item, index) => ({
      key: item.dataset.answer as Letter,
      dropDown: form.querySelector<HTMLSelectElement>(`[name="${dropDownField(index + 1)}"]`)!,
      options: [...form.querySelectorAll<HTMLInputElement>(`[name="${optionField(index + 1)}"]`)],
      correctLine: item.querySelector<HTMLElement>(".result--correct")!,
      wrongLine: item.querySelector<HTMLElement>(".result--wrong")!,
    }),
  );
  const total = form.querySelector<HTMLElement>(".quiz__total");
  // The results page the server sent after a post has no button: its marks are live at once.
  let resultsShown = !form.querySelector(".quiz__submit");

  const choiceOf = (question: Question): Choice =>
    answerFrom(
      question.dropDown.value as Choice,
      (question.options.find((option) => option.checked)?.value ?? "") as Choice,
    );
  const showChoice = (question: Question, choice: Choice) => {
    question.dropDown.value = choice;
    for (const option of question.options) option.checked = option.value === choice;
  };

  const mark = () => {
    const result = scoreQuiz(
      questions.map(choiceOf),
      questions.map((question) => question.key),
    );
    questions.forEach((question, index) => {
      question.correctLine.hidden = !result.correct[index];
      question.wrongLine.hidden = result.correct[index]!;
    });
    if (!total) return;
    total.querySelector(".quiz__score")!.textContent = String(result.score);
    total.querySelector(".quiz__percentage")!.textContent = formatPercentage(result.percentage);
    const grade = gradeLine(result.percentage);
    const gradeElement = total.querySelector(".quiz__grade")!;
    gradeElement.textContent = grade.text;
    gradeElement.className = grade.className;
    const ecz = total.querySelector(".quiz__ecz");
    if (ecz) ecz.textContent = eczPointsLine(result.percentage);
  };

  const attempt = quizPageAttempt(form, () => questions.map(choiceOf));

  // Whatever was chosen before this script arrived, in either control, now shows in both.
  for (const question of questions) showChoice(question, choiceOf(question));

  form.addEventListener("change", (event) => {
    const control = event.target as HTMLInputElement | HTMLSelectElement;
    const question = questions.find(
      (candidate) =>
        candidate.dropDown === control || candidate.options.includes(control as HTMLInputElement),
    );
    if (!question) return;
    // The control just changed is the student's latest word: the other follows it.
    showChoice(question, control.value as Choice);
    if (!resultsShown) return;
    mark();
    attempt.changed();
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    resultsShown = true;
    mark();
    form.querySelector(".quiz__submit")?.remove();
    for (const element of form.querySelectorAll<HTMLElement>(
      ".question__feedback, .quiz__total, .quiz__again",
    ))
      element.hidden = false;
    // On a small phone the total would sit below the screen: bring it into view and give it
    // the focus, so a screen reader reads it (docs/requirements.md, After "Show Results").
    total?.scrollIntoView({ block: "center" });
    total?.focus({ preventScroll: true });
    attempt.resultsShown();
  });

  // A results page the server sent after a post: the attempt it saved goes on changing, or,
  // where it saved none (not signed in, or it failed), the page counts as Show Results now.
  const { attemptId, answeredAt } = form.dataset;
  if (resultsShown && attemptId && answeredAt) attempt.savedByServer(attemptId, answeredAt);
  if (resultsShown && !attemptId) attempt.resultsShown();
  else attempt.sendWaiting();
}
