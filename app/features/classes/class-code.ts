import { randomInt } from "node:crypto";

/** Digits and capitals a teacher can read aloud and a student type: no 0/O, no 1/I. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_LENGTH = 6;

export function newClassCode(pick: (below: number) => number = randomInt): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[pick(CODE_ALPHABET.length)]).join(
    "",
  );
}

/**
 * A code as typed or read from a link ("abc def", "ABC-DEF", " abcdef "): spaces, hyphens and
 * case do not matter. Null when it cannot be a class code at all.
 */
export function normaliseClassCode(typed: string): string | null {
  const code = typed.replace(/[\s\-‐-―]+/g, "").toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((character) => CODE_ALPHABET.includes(character)) ? code : null;
}

/** Shown in two halves, as it is read aloud: "K7M-4QX". */
export const codeText = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

export const joinPath = (code: string) => `/join/${codeText(code)}`;
