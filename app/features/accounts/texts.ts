// Word for word: docs/requirements.md#the-older-apps-calls and #account-rules.
export const MESSAGES = {
  registered: "User registered successfully",
  usernameTaken: "Registration failed: Username already exists, please try another username",
  badCredentials: "No active account found with the given credentials",
  badRefresh: "Token is invalid or expired",
  tooManyLogins: "Too many failed attempts. Please wait a little and try again.",
  tooManyRegistrations:
    "Too many registrations from your network. Please wait a little and try again.",
  busy: "Many students are signing in right now. Please try again in a moment.",
  tooManySignIns:
    "This account, or your network, has signed in many times in a few minutes. Please wait a little and try again.",
} as const;

/** What a refused password check says: only a count of failures blames the password. */
export const REFUSED = {
  throttled: MESSAGES.tooManyLogins,
  "signed-in-too-often": MESSAGES.tooManySignIns,
  busy: MESSAGES.busy,
} as const;

// docs/security.md#passwords
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Shown under the password box before the first try, so no student learns them by a refusal. */
export const PASSWORD_RULES = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, spaces allowed. Not a common password, and not like your name or username.`;

export const LOGGING_IN = "Logging ... Please wait ";
export const REGISTERING = "Registering ... Please wait ";

export const LOGIN_SUCCESSFUL = "Login successful!";

/** A kept session's student opening My account after the usual limit (docs/security.md#sessions). */
export const LOG_IN_AGAIN_NOTE =
  "You logged in more than 12 hours ago. To keep your account safe, log in again to open My account.";

export const LOGIN_FAILED = "Login failed: Please check your username and password and try again. ";

// A dropped connection never shows a failure, so nobody changes a good password for nothing.
export const NO_CONNECTION =
  "No connection. Your details are still here; try again when you have signal.";

export const ACCOUNT_TEXTS = {
  passwordChanged:
    "Password changed. Every other phone and the app are logged out: log in there again with your new password.",
  wrongPassword: "Your current password is not right. Nothing was changed.",
  wrongUsername: "That is not your username, so nothing was deleted. Type it exactly as shown.",
  lastAdmin:
    "You are the site's only admin, so this account cannot be deleted. Make another admin first.",
  unknownForm: "That form could not be read. Please try again from this page.",
  deleted:
    "Your account and all your quiz results are deleted. You are logged out on every phone and in the app.",
} as const;

export const TOKEN_STORAGE_KEY = "token";
