/**
 * Rules for text a person types into one field: a name, a title, a paragraph. Control
 * characters and unpaired UTF-16 surrogates are never part of such text; PostgreSQL refuses
 * a NUL outright, and a stray escape code would show up garbled on a student's screen.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !UNPAIRED_SURROGATE.test(value);
}

export const PLAIN_TEXT_MESSAGE = "must not contain control characters or broken symbols";
