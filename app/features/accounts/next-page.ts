import { normalizeUsername, USERNAME_PATTERN } from "./usernames";

/** The login page after registering, with the new username already in its box. */
export function loginAfterRegistering(username: string): string {
  return `/login?${new URLSearchParams({ registered: "1", username: normalizeUsername(username) })}`;
}

/** The username the registration passed on, if it could be one: nothing else reaches the box. */
export function usernameToFillIn(url: URL): string {
  const username = url.searchParams.get("username") ?? "";
  return username.length <= 150 && USERNAME_PATTERN.test(username) ? username : "";
}

/** Back into the admin pages, My account, My progress, Review or a class, never an address another site chose. */
export function nextPageAfterLogin(url: URL): string {
  const next = url.searchParams.get("next");
  const own = /^\/(admin|account|progress|review|classes|join)(\/[\w/-]*)?$/;
  return next && own.test(next) ? next : "/";
}

/** A kept session signed in long ago, sent to log in again before My account opens. */
export const LOG_IN_AGAIN = `/login?${new URLSearchParams({ next: "/account", again: "1" })}`;

export const askedToLogInAgain = (url: URL) => url.searchParams.get("again") === "1";
