import { quizPageAttempt } from "#app/features/progress/quiz-page-attempt";
import { keepQuizMisses } from "#app/features/review/phone-queue";
import { answerFrom, dropDownField, optionField } from "#app/features/quizzes/answer-fields";
import { optionMark, showMark } from "#app/features/quizzes/option-marks";
import type { Letter } from "#app/features/quizzes/quiz-constants";
import { eczPointsLine } from "#app/features/quizzes/ecz-points";
import { formatPercentage, gradeLine, scoreQuiz, type Choice } from "#app/features/quizzes/scoring";

const form = document.querySelector<HTMLFormElement>("form.quiz");
if (form) enhanceQuiz(form);

function enhanceQuiz(form: HTMLFormElement) {
  const questions = [...form.querySelectorAll<HTMLElement>(".question")].map((item, index) => ({
    key: item.dataset.answer as Letter,
    dropDown: form.querySelector<HTMLSelectElement>(`[name="${dropDownField(index + 1)}"]`)!,
    options: [...form.querySelectorAll<HTMLInputElement>(`[name="${optionField(index + 1)}"]`)],
    correctLine: item.querySelector<HTMLElement>(".result--correct")!,
    wrongLine: item.querySelector<HTMLElement>(".result--wrong")!,
    item,
  }));
  type Question = (typeof questions)[number];
  const total = form.querySelector<HTMLElement>(".quiz__total");
  // The results page the server sent after a post has no button: its marks are live at once.
  let resultsShown = !form.querySelector(".quiz__submit");
  let shownAt = form.dataset.answeredAt ?? new Date().toISOString();
  const quizTitle = document.getElementById("quiz-heading")?.textContent ?? "";

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
      const choice = choiceOf(question);
      for (const option of question.options) {
        const mark = optionMark(option.value as Choice, question.key, choice);
        showMark(option.parentElement!, mark);
      }
    });
    // Each question missed joins the review queue on the phone (docs/requirements.md#review).
    keepQuizMisses(
      questions.flatMap((question, index) =>
        result.correct[index]
          ? []
          : [
              {
                quiz: form.dataset.quiz ?? "",
                question: index + 1,
                answeredAt: shownAt,
                content: contentOf(question),
              },
            ],
      ),
    );
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

  const contentOf = ({ item, key }: Question) => ({
    quizTitle,
    quizPath: location.pathname,
    text: item.querySelector(".question__text")?.textContent ?? "",
    options: [...item.querySelectorAll(".option__text")].map((option) => option.textContent ?? ""),
    answer: key,
    explanation: (item.querySelector(".question__explanation")?.textContent ?? "").replace(
      /^Answer [ABC]\. /,
      "",
    ),
    diagram: item.querySelector(".question__diagram")?.outerHTML ?? "",
  });

  const attempt = quizPageAttempt(form, () => questions.map(choiceOf));

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
    shownAt = new Date().toISOString();
    mark();
    form.querySelector(".quiz__submit")?.remove();
    form
      .querySelectorAll<HTMLElement>(".question__feedback, .quiz__total, .quiz__again")
      .forEach((element) => (element.hidden = false));
    // A screen reader reads the total (docs/requirements.md, After "Show Results").
    total?.scrollIntoView({ block: "center" });
    total?.focus({ preventScroll: true });
    attempt.resultsShown();
  });

  // A results page the server marked: its misses join the phone's queue too.
  if (resultsShown) mark();
  const { attemptId, answeredAt } = form.dataset;
  if (resultsShown && attemptId && answeredAt) attempt.savedByServer(attemptId, answeredAt);
  if (resultsShown && !attemptId) attempt.resultsShown();
  else attempt.sendWaiting();
}
