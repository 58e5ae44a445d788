/** What the login and register pages say, word for word (docs/requirements.md, "Accounts"). */

/** The status lines while a form is on its way, each with a space at the end. */
export const LOGGING_IN = "Logging ... Please wait ";
export const REGISTERING = "Registering ... Please wait ";

export const LOGIN_SUCCESSFUL = "Login successful!";

/** The one failure text of the login page, whatever went wrong. */
export const LOGIN_FAILED = "Login failed: Please check your username and password and try again. ";

/** The register page's error when the server gives no text of its own. */
export const DEFAULT_REGISTER_ERROR =
  "Registration failed: Username already exists, please try another username";

/** Never the failure texts when no response came: a student would change a good password. */
export const NO_CONNECTION =
  "No connection. Your details are still here; try again when you have signal.";

export const TOKEN_STORAGE_KEY = "token";
