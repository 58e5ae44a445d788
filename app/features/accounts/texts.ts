/** What the login and register pages say, word for word (docs/requirements.md, "Accounts"). */

/** The one failure text of the login page, whatever went wrong. */
export const LOGIN_FAILED = "Login failed: Please check your username and password and try again. ";

/** The register page's error when the server gives no text of its own. */
export const DEFAULT_REGISTER_ERROR =
  "Registration failed: Username already exists, please try another username";

/** Where the login page keeps the access token in the browser. */
export const TOKEN_STORAGE_KEY = "token";
