import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { boundedWork, BusyError } from "#app/lib/bounded-work";

// OWASP's argon2id (docs/security.md#passwords). `algorithm: 2` is Algorithm.Argon2id, a const
// enum that verbatimModuleSyntax cannot import.
export const ARGON2_PARAMS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// A burst of logins waits, or gets a BusyError, rather than take every core from the pages.
const argon2Turns = boundedWork({ running: availableParallelism(), waiting: 32 });

export function hashPassword(password: string): Promise<string> {
  return argon2Turns(() => hash(password, ARGON2_PARAMS));
}

export async function hashUnlessBusy(password: string): Promise<string | null> {
  try {
    return await hashPassword(password);
  } catch (error) {
    if (error instanceof BusyError) return null;
    throw error;
  }
}

export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return argon2Turns(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
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

export function hashForMissingUser(): Promise<string> {
  dummyHash ??= hashPassword(`missing-user-${Math.random()}`);
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
