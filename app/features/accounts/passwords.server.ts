import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { boundedWork, BusyError } from "#app/lib/bounded-work";
import { addressKey } from "#app/lib/address-key";

// OWASP's argon2id (docs/security.md#passwords). `algorithm: 2` is Algorithm.Argon2id, a const
// enum that verbatimModuleSyntax cannot import.
export const ARGON2_PARAMS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// A burst of logins waits its turn, or gets a BusyError, rather than take every core from the
// pages; room for a class of 60 at once, and each address's turns come round in order
// (docs/security.md#login-and-registration-limits).
const argon2Turns = boundedWork({
  running: availableParallelism(),
  waiting: 256,
  waitingPerClient: 80,
});
/** Whose turn a hash is: the client's address, so one address cannot fill the queue. */
type Client = string | undefined;
const turnOf = (client: Client) => (client === undefined ? "" : addressKey(client));

export function hashPassword(password: string, client?: Client): Promise<string> {
  return argon2Turns(() => hash(password, ARGON2_PARAMS), turnOf(client));
}

export async function hashUnlessBusy(password: string, client?: Client): Promise<string | null> {
  try {
    return await hashPassword(password, client);
  } catch (error) {
    if (error instanceof BusyError) return null;
    throw error;
  }
}

export function verifyPassword(
  storedHash: string,
  password: string,
  client?: Client,
): Promise<boolean> {
  const check = () => verify(storedHash, password).catch(() => false);
  return argon2Turns(check, turnOf(client));
}

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

// One hash a process, made outside the line: a full line must not refuse it, nor leave a
// refusal behind for every later name no account has.
export function hashForMissingUser(): Promise<string> {
  dummyHash ??= hash(`missing-user-${Math.random()}`, ARGON2_PARAMS);
  return dummyHash;
}

let commonPasswords: Set<string> | undefined;

// Not among the ~49,000 commonest passwords, nor the name in disguise (docs/security.md#passwords).
export function passwordProblem(password: string, names: string[]): string | null {
  const lowered = password.toLowerCase();
  commonPasswords ??= new Set(dictionary.passwords.map((common) => common.toLowerCase()));
  if (commonPasswords.has(lowered))
    return "This password is too common. Choose one that is harder to guess.";
  for (const attribute of names) {
    const parts = [attribute, ...attribute.split(/\W+/)]
      .map((part) => part.toLowerCase())
      .filter((part) => part.length >= 3);
    if (parts.some((part) => similarity(lowered, part) >= 0.7))
      return "The password is too similar to your name or username.";
  }
  return null;
}

/** Django's UserAttributeSimilarityValidator measure (difflib's quick_ratio). */
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
