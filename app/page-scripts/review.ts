// /review with JavaScript: the queue on the phone, marked in place, sent when online
// (docs/decisions/0086-the-phone-queue-merges-at-login.md).
import { newAttemptId, sendAttempts } from "#app/features/progress/phone-attempts";
import { optionMark, showMark } from "#app/features/quizzes/option-marks";
import type { Choice } from "#app/features/quizzes/scoring";
import {
  keyOf,
  readQueue,
  writeQueue,
  type CardData,
  type PhoneAnswer,
  type PhoneQueue,
  type PhoneQuestion,
} from "#app/features/review/phone-queue";
import {
  cardFromAnswers,
  nextDue,
  todaysSession,
  isDueToday,
  type QueueCard,
} from "#app/features/review/schedule";
import {
  dueTodayText,
  EMPTY_QUEUE_TEXT,
  LEFT_QUEUE_TEXT,
  nextDueText,
  nextReviewText,
} from "#app/features/review/texts";

const SEND_TIME_LIMIT_MS = 20_000;
const list = document.querySelector<HTMLOListElement>(".review__questions");
const template = document.querySelector<HTMLTemplateElement>("template#review-card");
if (list && template) void enhanceReview(list, template);

function cardFromData(data: CardData): QueueCard {
  const { last_review: lastReview, ...memory } = data.memory;
  return {
    ...data,
    due: new Date(data.due),
    lastAnsweredAt: new Date(data.lastAnsweredAt),
    memory: { ...memory, ...(lastReview ? { last_review: new Date(lastReview) } : {}) },
  };
}

/** The account's card, with the answers this phone has not sent folded on top. */
function phoneCards(queue: PhoneQueue): QueueCard[] {
  const answersByKey = new Map<string, PhoneAnswer[]>();
  for (const answer of queue.answers)
    answersByKey.set(keyOf(answer), [...(answersByKey.get(keyOf(answer)) ?? []), answer]);
  const keys = new Set([...Object.keys(queue.cards), ...answersByKey.keys()]);
  return [...keys].flatMap((key) => {
    const base = queue.cards[key];
    const card = cardFromAnswers(
      (answersByKey.get(key) ?? []).map((answer) => ({
        ...answer,
        answeredAt: new Date(answer.answeredAt),
      })),
      base ? cardFromData(base) : null,
    );
    return card?.inQueue ? [card] : [];
  });
}

async function call(method: "GET" | "POST", body?: unknown): Promise<Response | null> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), SEND_TIME_LIMIT_MS);
  try {
    return await fetch("/api/review/", {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

type Diagram = { svg: string; alt: string };
type ReviewJson = {
  cards: CardData[];
  session: (Omit<PhoneQuestion, "diagram"> & {
    quiz: string;
    number: number;
    diagram: Diagram | null;
  })[];
};

/** The drawing as the quiz page wraps it (app/components/ui/question-diagram.tsx). */
function drawing({ svg, alt }: Diagram) {
  const wrapper = document.createElement("div");
  wrapper.className = "question__diagram";
  wrapper.setAttribute("role", "img");
  wrapper.setAttribute("aria-label", alt);
  wrapper.innerHTML = svg;
  return wrapper.outerHTML;
}

/**
 * Sends what waits on the phone, attempts first (their misses join the account's queue),
 * then takes the account's queue. A student not signed in keeps the phone's own.
 */
async function sync(): Promise<void> {
  // Signed out, the account would only answer 401: nothing is sent, and nothing is spent.
  if (navigator.onLine === false || list?.hasAttribute("data-signed-out")) return;
  const attempts = await sendAttempts();
  if (attempts.outcome === "not-sent") return;
  const waiting = readQueue().answers.filter((answer) => answer.source === "review");
  const sent = new Set<string>();
  if (attempts.outcome !== "signed-out" && waiting.length > 0) {
    const body = (answers: PhoneAnswer[]) =>
      answers.map(({ id, quiz, question, answer, answeredAt }) => ({
        id,
        quiz,
        question,
        answer,
        answeredAt,
      }));
    const batch = await call("POST", body(waiting.slice(0, 100)));
    if (!batch || batch.status >= 500 || batch.status === 429 || batch.status === 403) return;
    if (batch.ok) waiting.slice(0, 100).forEach((answer) => sent.add(answer.id));
    // One refused answer (a question the account no longer has) is dropped; the rest go one by one.
    else if (batch.status !== 401)
      for (const answer of waiting.slice(0, 100)) {
        const single = await call("POST", body([answer]));
        if (single && single.status < 500 && single.status !== 401) sent.add(answer.id);
      }
  }
  const response = await call("GET");
  const queue = readQueue();
  queue.answers = queue.answers.filter((answer) => !sent.has(answer.id));
  if (response?.status === 401) {
    // Signed out: the account's cards leave this phone; its own misses stay.
    queue.cards = {};
  } else if (response?.ok) {
    const account = (await response.json()) as ReviewJson;
    queue.cards = Object.fromEntries(account.cards.map((card) => [keyOf(card), card]));
    for (const { quiz, number, diagram, ...question } of account.session) {
      const key = keyOf({ quiz, question: number });
      // A question drawn by the page keeps its drawing as the page drew it.
      queue.questions[key] ??= { ...question, diagram: diagram ? drawing(diagram) : "" };
    }
    // The account holds every attempt sent: their misses are in its cards now.
    queue.answers = queue.answers.filter((answer) => answer.source === "review");
  }
  writeQueue(queue);
}

/** What the server drew: its questions are kept on the phone for an offline visit. */
function keepShownQuestions(list: HTMLElement) {
  const queue = readQueue();
  for (const form of list.querySelectorAll<HTMLFormElement>("form.review-card")) {
    const { quiz = "", question = "0", answer = "" } = form.dataset;
    const link = form.querySelector<HTMLAnchorElement>(".review-card__source a");
    queue.questions[keyOf({ quiz, question: Number(question) })] = {
      quizTitle: link?.textContent ?? "",
      quizPath: link?.getAttribute("href") ?? "",
      text: form.querySelector(".question__text")?.textContent ?? "",
      options: [...form.querySelectorAll(".option__text")].map(
        (option) => option.textContent ?? "",
      ),
      answer,
      explanation: (form.querySelector(".question__explanation")?.textContent ?? "").replace(
        /^Answer [ABC]\. /,
        "",
      ),
      diagram: form.querySelector(".question__diagram")?.outerHTML ?? "",
    };
  }
  writeQueue(queue);
}

function fill(template: HTMLTemplateElement, card: QueueCard, question: PhoneQuestion) {
  const item = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  const form = item.querySelector("form")!;
  const set = (selector: string, text: string) => {
    const element = form.querySelector(selector);
    if (element) element.textContent = text;
  };
  form.dataset.quiz = card.quiz;
  form.dataset.question = String(card.question);
  form.dataset.answer = question.answer;
  const textId = `review-${card.quiz}-${card.question}`;
  form.setAttribute("aria-labelledby", textId);
  form.querySelector(".question__text")!.id = textId;
  form.querySelector(".question__options")!.setAttribute("aria-labelledby", textId);
  const link = form.querySelector<HTMLAnchorElement>(".review-card__source a")!;
  link.href = question.quizPath;
  link.textContent = question.quizTitle;
  set(".review-card__number", String(card.question));
  set(".question__text", question.text);
  form.querySelectorAll(".option__text").forEach((option, index) => {
    option.textContent = question.options[index] ?? "";
  });
  set(".question__explanation strong", `Answer ${question.answer}.`);
  set(".review-card__explanation", question.explanation);
  // The quiz page's own drawing, checked when the site was built.
  if (question.diagram)
    form.querySelector(".question__text")!.insertAdjacentHTML("afterend", question.diagram);
  return item;
}

async function enhanceReview(list: HTMLOListElement, template: HTMLTemplateElement) {
  const dueLine = document.getElementById("review-due");
  const nextLine = document.getElementById("review-next");
  keepShownQuestions(list);
  if (list.hasAttribute("data-signed-out")) {
    // A page drawn for nobody signed in: the account's cards leave this phone; its own stay.
    const queue = readQueue();
    queue.cards = {};
    writeQueue(queue);
  }

  const render = () => {
    const queue = readQueue();
    const now = new Date();
    const cards = phoneCards(queue);
    queue.due = Object.fromEntries(cards.map((card) => [keyOf(card), card.due.toISOString()]));
    writeQueue(queue);
    const session = todaysSession(cards, now).filter((card) => queue.questions[keyOf(card)]);
    list.replaceChildren(
      ...session.map((card) => fill(template, card, queue.questions[keyOf(card)]!)),
    );
    const due = cards.filter((card) => isDueToday(card, now)).length;
    if (dueLine) {
      dueLine.hidden = false;
      dueLine.textContent = due > 0 ? `${dueTodayText(due)}.` : "Nothing to review today.";
    }
    const next = nextDue(cards, now);
    if (nextLine)
      nextLine.textContent = next ? nextDueText(next) : cards.length ? "" : EMPTY_QUEUE_TEXT;
  };

  list.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const choice = form.querySelector<HTMLInputElement>('input[name="answer"]:checked')?.value;
    if (!choice) return;
    const { quiz = "", question = "0", answer: key } = form.dataset;
    const correct = choice === key;
    const queue = readQueue();
    queue.answers.push({
      id: newAttemptId(),
      quiz,
      question: Number(question),
      answer: choice,
      correct,
      source: "review",
      answeredAt: new Date().toISOString(),
    });
    writeQueue(queue);
    const card = phoneCards(queue).find((found) => keyOf(found) === `${quiz}:${question}`);
    // Marked at once, in place; the next render leaves it out once it is no longer due.
    form.querySelector(".review-card__check")?.remove();
    form.querySelectorAll<HTMLInputElement>('input[name="answer"]').forEach((input) => {
      input.disabled = true;
      showMark(
        input.parentElement!,
        optionMark(input.value as Choice, key as Choice, choice as Choice),
      );
    });
    const feedback = form.querySelector<HTMLElement>(".question__feedback")!;
    feedback.querySelector<HTMLElement>(".result--correct")!.hidden = !correct;
    feedback.querySelector<HTMLElement>(".result--wrong")!.hidden = correct;
    feedback.querySelector(".review-card__next")!.textContent = card
      ? nextReviewText(card.due)
      : LEFT_QUEUE_TEXT;
    feedback.hidden = false;
    form.classList.add("review-card--answered");
    const next = form.closest("li")?.nextElementSibling?.querySelector("input");
    next?.focus({ preventScroll: true });
    const cards = phoneCards(queue);
    const due = cards.filter((found) => isDueToday(found, new Date())).length;
    if (dueLine)
      dueLine.textContent = due > 0 ? `${dueTodayText(due)}.` : "Nothing to review today.";
    // Offline, nothing is asked of the network: the answer waits on the phone.
    if (navigator.onLine !== false) void sync();
  });

  window.addEventListener("online", () => void sync().then(render));
  render();
  await sync();
  // What the account said may add questions; answered cards already on screen stay.
  if (!list.querySelector(".review-card--answered")) render();
  list.dataset.ready = "";
}
