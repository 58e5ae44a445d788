/** The parts of the login and register pages that their script (app/page-scripts/account-forms.ts) fills, by id. */
export const ACCOUNT_PART = {
  /** The login page's "Registration successful! Please log in." note. */
  note: "account-note",
  status: "account-status",
  error: "account-error",
  token: "account-token",
  /** The header's sign-in part, and the login page's template of it for a signed-in student. */
  header: "site-account",
  signedIn: "account-signed-in",
} as const;

/** How long the script waits for a response before it says there is no connection (docs/decisions/0040-account-forms-say-what-happened.md). */
export const RESPONSE_TIME_LIMIT_MS = 20_000;

/** Long enough to read "Login successful!" and see the token (docs/requirements.md, "Login page"). */
export const GO_ON_AFTER_LOGIN_MS = 1_500;
