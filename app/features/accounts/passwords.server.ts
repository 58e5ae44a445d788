import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { boundedWork } from "#app/lib/bounded-work";

/** OWASP's argon2id parameters (docs/security.md, "Passwords"): 19 MiB, two passes, one lane. */
// `algorithm: 2` is Algorithm.Argon2id, a const enum that cannot be imported under verbatimModuleSyntax.
export const ARGON2_PARAMS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Every argon2 run in this process takes a turn: as many at once as there are cores, a
 * short queue behind them, and a BusyError beyond it, so that a burst of logins waits or
 * is told to retry instead of taking every core from the pages (docs/security.md, "Login
 * and registration limits").
 */
const argon2Turns = boundedWork({ running: availableParallelism(), waiting: 32 });

export function hashPassword(password: string): Promise<string> {
  return argon2Turns(() => hash(password, ARGON2_PARAMS));
}

/** False for a wrong password or an unreadable hash; a BusyError when it could not run. */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return argon2Turns(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}

/** True when a stored hash was made with weaker parameters than today's (docs/security.md, "Passwords"). */
export function needsRehash(storedHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!match) return true;
  const [, memory, time, lanes] = match.map(Number) as [number, number, number, number];
  return (
    memory < ARGON2_PARAMS.memoryCost ||
    time < ARGON2_PARAMS.timeCost ||
    lanes !== ARGON2_PARAMS.parallelism
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash to verify against when the username does not exist, so that a wrong username
 * costs as long as a wrong password and timing tells nothing (docs/security.md, "Usernames").
 */
export function hashForMissingUser(): Promise<string> {
  dummyHash ??= hashPassword(`missing-user-${Math.random()}`);
  return dummyHash;
}

/** Made at the first registration rather than at every start. */
let commonPasswords: Set<string> | undefined;

/**
 * The registration password rules beyond length (docs/security.md, "Passwords"): not one of the
 * ~49,000 most common passwords, and not the username in disguise.
 */
export function passwordProblem({
  password,
  username,
  firstName,
  lastName,
}: {
  password: string;
  username: string;
  firstName: string;
  lastName: string;
}): string | null {
  const lowered = password.toLowerCase();
  commonPasswords ??= new Set(dictionary.passwords.map((common) => common.toLowerCase()));
  if (commonPasswords.has(lowered))
    return "This password is too common. Choose one that is harder to guess.";
  for (const attribute of [username, firstName, lastName]) {
    // Like Django: the whole value and each of its parts ("mwila.banda" → mwila, banda).
    const parts = [attribute, ...attribute.split(/\W+/)]
      .map((part) => part.toLowerCase())
      .filter((part) => part.length >= 3);
    if (parts.some((part) => similarity(lowered, part) >= 0.7))
      return "The password is too similar to your name or username.";
  }
  return null;
}

/**
 * Django's UserAttributeSimilarityValidator measure (difflib's quick_ratio): twice the
 * characters the two share, counted with repeats, over their total length.
 */
function similarity(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const char of b) counts.set(char, (counts.get(char) ?? 0) + 1);
  let shared = 0;
  for (const char of a) {
    const left = counts.get(char) ?? 0;
    if (left > 0) {
      shared++;
      counts.set(char, left - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
