/**
 * One rule for what a username is, shared by registration, login, the lookup and the login
 * limits (docs/security.md, "Usernames"): if any two of them read a name differently, a
 * spelling could reach an account without touching that account's limits.
 */

/** Django's username characters, ASCII only (JavaScript's `\w` without the u flag). */
export const USERNAME_PATTERN = /^[\w.@+-]+$/;

/**
 * A username as stored: surrounding spaces trimmed and Unicode compatibility forms folded
 * (NFKC), so that full-width "ｍｗｉｌａ" is "mwila". Case is kept.
 */
export function normalizeUsername(typed: string): string {
  return typed.trim().normalize("NFKC");
}

/**
 * The one key a username is known by, or null for a name registration never allows
 * (`İ`, `ß`, zero-width or combining characters): no account can have it. Letters are
 * ASCII, so lower case is the same in JavaScript and in any database collation.
 */
export function usernameKey(typed: string): string | null {
  const username = normalizeUsername(typed);
  if (username.length === 0 || username.length > 150 || !USERNAME_PATTERN.test(username))
    return null;
  return username.toLowerCase();
}
