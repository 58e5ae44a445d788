// eslint-disable-next-line no-control-regex -- PostgreSQL refuses a NUL; phones garble escapes.
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const UNPAIRED_SURROGATE = /\p{Cs}/u;

export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !UNPAIRED_SURROGATE.test(value);
}

export const PLAIN_TEXT_MESSAGE = "must not contain control characters or broken symbols";

/** "diffusion, osmosis" reads as a sentence: "Diffusion, osmosis". */
export function startingWithCapital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
