export const ACCOUNT_PART = {
  note: "account-note",
  status: "account-status",
  error: "account-error",
  token: "account-token",
  header: "site-account",
  passwordRules: "password-rules",
} as const;

export const RESPONSE_TIME_LIMIT_MS = 20_000;

/** Long enough to read "Login successful!" and the token (docs/requirements.md#login-page). */
export const GO_ON_AFTER_LOGIN_MS = 1_500;
