// Says whether a response came (docs/decisions/0040-account-forms-say-what-happened.md).
import type { LoginResult } from "#app/features/accounts/components/login-form";
import {
  ACCOUNT_PART,
  GO_ON_AFTER_LOGIN_MS,
  RESPONSE_TIME_LIMIT_MS,
} from "#app/features/accounts/page-parts";
import { TOKEN_STORAGE_KEY } from "#app/features/accounts/texts";
import { sendAttempts } from "#app/features/progress/phone-attempts";
import { postForm } from "#app/lib/post-form";
import { showViewer } from "#app/lib/viewer";

const SEND_ATTEMPTS_AFTER_LOGIN_MS = 4_000;
const MOST_BUSY_RETRIES = 5;

type SignedIn = Extract<LoginResult, { token: string }>;

document.querySelectorAll<HTMLFormElement>("[data-account-form]").forEach(enhance);

function enhance(form: HTMLFormElement) {
  const { waiting = "", noConnection = "", unreadable = "", signedIn = "" } = form.dataset;
  const button = form.querySelector<HTMLButtonElement>("[type=submit]");
  let sending = false;
  let busyRetries = 0;
  const ready = () => {
    sending = false;
    fill(ACCOUNT_PART.status, "");
    if (button) button.disabled = false;
  };
  const send = async () => {
    sending = true;
    if (button) button.disabled = true;
    fill(ACCOUNT_PART.status, waiting);
    fill(ACCOUNT_PART.error, "");
    const posted = await postForm<LoginResult>(form, { timeLimitMs: RESPONSE_TIME_LIMIT_MS });
    if (posted.outcome === "redirect") return window.location.assign(posted.to);
    fill(ACCOUNT_PART.note, "");
    const result = posted.outcome === "result" ? posted.result : null;
    if (result && "token" in result) return goOnAfterLogin(result, signedIn);
    ready();
    const failed = posted.outcome === "unreadable" ? unreadable : noConnection;
    fill(ACCOUNT_PART.error, result ? result.error : failed);
    // "Busy" passes in seconds: go on by itself, a little apart from the others waiting.
    const retryIn = result?.retryInSeconds;
    if (retryIn && busyRetries++ < MOST_BUSY_RETRIES)
      window.setTimeout(() => sending || void send(), (retryIn + Math.random()) * 1000);
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!sending) void send();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && sending) ready();
  });
  form.dataset.enhanced = "";
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
  showViewer(document, firstName);
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage refused: the token is still shown, and the session holds.
  }
  const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));
  void Promise.all([
    wait(GO_ON_AFTER_LOGIN_MS),
    Promise.race([sendAttempts(), wait(SEND_ATTEMPTS_AFTER_LOGIN_MS)]),
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
