// The login and register forms, sent by the page itself: a student on a weak signal is told
// whether an answer came, and what it said (docs/decisions/0040-account-forms-say-what-happened.md).
// The server renders every text: the waiting and no-connection lines are the form's data
// attributes, and the answer's own page supplies everything else.
import {
  ANSWER_PART_ATTRIBUTE,
  ANSWER_TIME_LIMIT_MS,
  FORM_PART,
  GO_ON_AFTER_LOGIN_MS,
  readFormAnswer,
} from "#app/features/accounts/form-answer";
import { TOKEN_STORAGE_KEY } from "#app/features/accounts/texts";
import { sendWaitingAttempts } from "#app/features/progress/phone-attempts";

/**
 * How long after a login the page waits at most for the quiz attempts kept on this phone to
 * be sent, before it goes on (docs/decisions/0042-quiz-attempts-kept-offline-first.md): the
 * next page sends again whatever this cut short.
 */
const SEND_ATTEMPTS_AFTER_LOGIN_MS = 4_000;

for (const form of Array.from(document.querySelectorAll<HTMLFormElement>("[data-account-form]"))) {
  enhance(form);
}

function enhance(form: HTMLFormElement) {
  let sending = false;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (sending) return;
    sending = true;
    void send(form).then((stillHere) => {
      sending = !stillHere;
    });
  });
  // Back to a page the form had left: it is ready to be sent again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted || !sending) return;
    sending = false;
    fill(FORM_PART.status, "");
    const button = form.querySelector<HTMLButtonElement>("[type=submit]");
    if (button) button.disabled = false;
  });
  form.dataset.enhanced = "";
}

/** Sends the form and shows what happened; false when the browser is going to another page. */
async function send(form: HTMLFormElement): Promise<boolean> {
  const { waiting = "", noConnection = "", unreadable = "" } = form.dataset;
  const button = form.querySelector<HTMLButtonElement>("[type=submit]");
  if (button) button.disabled = true;
  fill(FORM_PART.status, waiting);
  fill(FORM_PART.error, "");

  const answer = await fetchPage(form);
  const outcome = answer
    ? readFormAnswer({
        pageOrigin: window.location.origin,
        url: answer.url,
        redirected: answer.redirected,
        hasParts: [FORM_PART.status, FORM_PART.error].every((id) => answer.page.getElementById(id)),
      })
    : ({ kind: "no-connection" } as const);

  if (outcome.kind === "go") {
    window.location.assign(outcome.to);
    return false;
  }
  if (answer && outcome.kind === "page") {
    takeParts(answer.page);
    if (goOnAfterLogin()) return false;
    if (button) button.disabled = false;
    return true;
  }
  // No answer of the site's own to show: the registration note gives way to the failure too.
  fill(FORM_PART.note, "");
  fill(FORM_PART.status, "");
  fill(FORM_PART.error, outcome.kind === "no-connection" ? noConnection : unreadable);
  if (button) button.disabled = false;
  return true;
}

/** The server's answer as a document, or null when none came whole within the time limit. */
async function fetchPage(
  form: HTMLFormElement,
): Promise<{ url: string; redirected: boolean; page: Document } | null> {
  const body = new URLSearchParams();
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") body.append(name, value);
  });
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), ANSWER_TIME_LIMIT_MS);
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body,
      signal: controller.signal,
    });
    const html = await response.text();
    return {
      url: response.url,
      redirected: response.redirected,
      page: new DOMParser().parseFromString(html, "text/html"),
    };
  } catch {
    // A refused, cut or timed-out request: fetch says no more than that.
    return null;
  } finally {
    window.clearTimeout(timer);
  }
}

/** Each answer part of this page takes the content of the answer's part of the same id. */
function takeParts(page: Document) {
  for (const part of Array.from(document.querySelectorAll(`[${ANSWER_PART_ATTRIBUTE}]`))) {
    const answered = page.getElementById(part.id);
    part.className = answered?.className ?? part.className;
    // replaceChildren is newer than the phones this script serves (Chrome 80).
    part.textContent = "";
    part.append(...Array.from(answered?.childNodes ?? []).map((node) => document.adoptNode(node)));
  }
}

/**
 * After a login's success: keeps the token, sends the quiz attempts waiting on this phone to
 * the new session, and goes on, as the page without a script does.
 */
function goOnAfterLogin(): boolean {
  const shown = document.querySelector<HTMLElement>(`#${FORM_PART.token} [data-next]`);
  const token = shown?.querySelector("code")?.textContent;
  if (!shown || !token) return false;
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage refused (full, or turned off): the token is still shown, and the session holds.
  }
  const next = shown.dataset.next ?? "/";
  const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
  void Promise.all([
    wait(GO_ON_AFTER_LOGIN_MS),
    Promise.race([sendWaitingAttempts(), wait(SEND_ATTEMPTS_AFTER_LOGIN_MS)]),
  ]).then(() => window.location.assign(next));
  return true;
}

function fill(id: string, text: string) {
  const element = document.getElementById(id);
  if (element) element.textContent = text;
}
