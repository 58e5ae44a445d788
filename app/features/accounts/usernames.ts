// One rule for every reader of a username, or a spelling could reach an account without touching
// its login limits (docs/security.md#usernames).

export const USERNAME_PATTERN = /^[\w.@+-]+$/;

/** Full-width "ｍｗｉｌａ" is stored as "mwila" (NFKC); case stays. */
export function normalizeUsername(typed: string): string {
  return typed.trim().normalize("NFKC");
}

/** Null for a name no account can have; ASCII letters lower-case alike in every collation. */
export function usernameKey(typed: string): string | null {
  const username = normalizeUsername(typed);
  if (username.length === 0 || username.length > 150 || !USERNAME_PATTERN.test(username))
    return null;
  return username.toLowerCase();
}
