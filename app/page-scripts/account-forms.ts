// Sends the login and register forms itself, so that a student on a weak signal is told whether
// a response came (docs/decisions/0040-account-forms-say-what-happened.md).
import type { LoginResult } from "#app/features/accounts/components/login-form";
import {
  ACCOUNT_PART,
  GO_ON_AFTER_LOGIN_MS,
  RESPONSE_TIME_LIMIT_MS,
} from "#app/features/accounts/page-parts";
import { TOKEN_STORAGE_KEY } from "#app/features/accounts/texts";
import { sendWaitingAttempts } from "#app/features/progress/phone-attempts";
import { postForm } from "#app/lib/post-form";

// The next page sends whatever this cuts short (docs/decisions/0042-quiz-attempts-kept-offline-first.md).
const SEND_ATTEMPTS_AFTER_LOGIN_MS = 4_000;

type SignedIn = Extract<LoginResult, { token: string }>;

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
    fill(ACCOUNT_PART.status, "");
    const button = form.querySelector<HTMLButtonElement>("[type=submit]");
    if (button) button.disabled = false;
  });
  form.dataset.enhanced = "";
}

async function send(form: HTMLFormElement): Promise<boolean> {
  const { waiting = "", noConnection = "", unreadable = "", signedIn = "" } = form.dataset;
  const button = form.querySelector<HTMLButtonElement>("[type=submit]");
  if (button) button.disabled = true;
  fill(ACCOUNT_PART.status, waiting);
  fill(ACCOUNT_PART.error, "");

  const posted = await postForm<LoginResult>(form, { timeLimitMs: RESPONSE_TIME_LIMIT_MS });
  if (posted.outcome === "redirect") {
    window.location.assign(posted.to);
    return false;
  }
  // The registration note gives way to whatever the form says next: never both at once.
  fill(ACCOUNT_PART.note, "");
  const result = posted.outcome === "result" ? posted.result : null;
  if (result && "token" in result) {
    goOnAfterLogin(result, signedIn);
    return false;
  }
  fill(ACCOUNT_PART.status, "");
  fill(
    ACCOUNT_PART.error,
    result ? result.error : posted.outcome === "unreadable" ? unreadable : noConnection,
  );
  if (button) button.disabled = false;
  return true;
}

function goOnAfterLogin({ token, next, firstName }: SignedIn, signedInText: string) {
  fill(ACCOUNT_PART.status, signedInText);
  const tokenPart = document.getElementById(ACCOUNT_PART.token);
  const tokenLine = fromTemplate(tokenPart?.querySelector("template"));
  if (tokenPart && tokenLine) {
    tokenLine.querySelector("code")!.textContent = token;
    // replaceChildren is newer than the phones this script serves (Chrome 80).
    tokenPart.textContent = "";
    tokenPart.append(tokenLine);
  }
  const header = fromTemplate(document.getElementById(ACCOUNT_PART.signedIn));
  const link = header?.querySelector("a[aria-label]");
  if (header && link) {
    // The template is the header's part for a student named "": the name goes first.
    link.setAttribute("aria-label", firstName + (link.getAttribute("aria-label") ?? ""));
    link.querySelector("strong")!.textContent = firstName;
    document.getElementById(ACCOUNT_PART.header)?.replaceWith(header);
  }
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage refused: the token is still shown, and the session holds.
  }
  const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
  void Promise.all([
    wait(GO_ON_AFTER_LOGIN_MS),
    Promise.race([sendWaitingAttempts(), wait(SEND_ATTEMPTS_AFTER_LOGIN_MS)]),
  ]).then(() => window.location.assign(next));
}

function fromTemplate(template: Element | null | undefined): DocumentFragment | null {
  return template instanceof HTMLTemplateElement
    ? (template.content.cloneNode(true) as DocumentFragment)
    : null;
}

function fill(id: string, text: string) {
  const element = document.getElementById(id);
  if (element) element.textContent = text;
}
