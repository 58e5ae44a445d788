/**
 * How the login and register pages' script (app/page-scripts/account-forms.ts) reads the
 * answer to a form it sent, and the elements it fills from that answer. The texts themselves
 * come from the server's own page (docs/decisions/0030-small-page-scripts.md).
 */

/** The parts of an account page that follow the form's answer, by id. */
export const FORM_PART = {
  /** The login page's "Registration successful! Please log in." note. */
  note: "account-note",
  status: "account-status",
  error: "account-error",
  /** The login page's token, with where to go next. */
  token: "account-token",
} as const;

/** Marks an element that the answer's element of the same id replaces (its children). */
export const ANSWER_PART_ATTRIBUTE = "data-answer-part";

/**
 * How long the script waits for a whole answer before it says there is no connection
 * (docs/decisions/0040-account-forms-say-what-happened.md).
 */
export const ANSWER_TIME_LIMIT_MS = 20_000;

/** Long enough to read "Login successful!" and see the token (docs/requirements.md, "Login page"). */
export const GO_ON_AFTER_LOGIN_MS = 1_500;

export type FormAnswer =
  /** No answer came from this site: the request or its answer was cut, or it took too long. */
  | { kind: "no-connection" }
  /** The site sent the browser on (a registration's 303 to the login page): go there. */
  | { kind: "go"; to: string }
  /** The site's own page for the form: its parts carry what happened. */
  | { kind: "page" }
  /** An answer from the site without the form's parts (an empty 500): the form's default failure. */
  | { kind: "unreadable" };

/**
 * What a form's answer means. `url` and `redirected` are the fetch Response's (fetch follows
 * redirects itself); `hasParts` says whether the answer's HTML holds the form's parts.
 */
export function readFormAnswer({
  pageOrigin,
  url,
  redirected,
  hasParts,
}: {
  pageOrigin: string;
  url: string;
  redirected: boolean;
  hasParts: boolean;
}): FormAnswer {
  const answered = urlOf(url);
  // A hotspot's sign-in page or a proxy answered, not this site.
  if (!answered || answered.origin !== pageOrigin) return { kind: "no-connection" };
  if (redirected) return { kind: "go", to: answered.href };
  return hasParts ? { kind: "page" } : { kind: "unreadable" };
}

/** `new URL`, or null for an address that cannot be read (URL.canParse is too new for older phones). */
function urlOf(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}
