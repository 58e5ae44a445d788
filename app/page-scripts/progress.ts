import { dayText } from "#app/lib/day-text";
import { PROGRESS_PART, type PhoneQuizData } from "#app/features/progress/page-parts";
import {
  sendAttempts,
  waitingAttempts,
  type PhoneAttempt,
} from "#app/features/progress/phone-attempts";
import { quizPath, type Letter } from "#app/features/quizzes/quiz-constants";
import { formatPercentage, scoreQuiz, type Choice } from "#app/features/quizzes/scoring";

const RELOAD_AFTER_SENT_MS = 1_500;

const status = document.getElementById(PROGRESS_PART.status);
if (status) void sendAndReload(status);
const list = document.getElementById(PROGRESS_PART.phoneList);
if (list) listWaiting(list);

async function sendAndReload(line: HTMLElement) {
  const before = waitingAttempts().length;
  if (before === 0) return;
  const { outcome } = await sendAttempts();
  // Reloads only when fewer are waiting: a phone that cannot forget what it sent never loops.
  if (outcome === "sent" && waitingAttempts().length < before) {
    line.textContent = line.dataset.sent ?? "";
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_SENT_MS);
  } else if (outcome === "not-sent") {
    line.textContent = line.dataset.notSent ?? "";
  }
}

function readQuizzes(): PhoneQuizData {
  try {
    return JSON.parse(
      document.getElementById(PROGRESS_PART.quizData)?.textContent ?? "{}",
    ) as PhoneQuizData;
  } catch {
    return {};
  }
}

function listWaiting(target: HTMLElement) {
  document.getElementById(PROGRESS_PART.phoneNoScript)?.setAttribute("hidden", "");
  const template = document.getElementById(PROGRESS_PART.phoneItem) as HTMLTemplateElement | null;
  const quizzes = readQuizzes();
  const newestFirst = waitingAttempts()
    .filter((attempt) => typeof attempt.answeredAt === "string")
    .sort((a, b) => b.answeredAt.localeCompare(a.answeredAt));
  for (const attempt of newestFirst) {
    const quiz = quizzes[attempt.quiz];
    if (quiz && template && Array.isArray(attempt.answers))
      target.append(item(template, attempt, quiz));
  }
  if (target.firstChild) target.hidden = false;
  else document.getElementById(PROGRESS_PART.phoneEmpty)?.removeAttribute("hidden");
}

function item(template: HTMLTemplateElement, attempt: PhoneAttempt, quiz: PhoneQuizData[string]) {
  const entry = template.content.cloneNode(true) as DocumentFragment;
  const { score, total, percentage } = scoreQuiz(
    attempt.answers as Choice[],
    [...quiz.key] as Letter[],
  );
  const fill = (part: string, text: string) => {
    const element = entry.querySelector(`[data-part="${part}"]`);
    if (element) element.textContent = text;
  };
  const link = entry.querySelector("a");
  if (link) link.href = quizPath(attempt.quiz);
  fill("title", quiz.title);
  fill("marks", `${score}/${total}`);
  fill("percentage", formatPercentage(percentage));
  fill("day", dayText(new Date(attempt.answeredAt)));
  return entry;
}
