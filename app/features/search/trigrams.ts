/**
 * pg_trgm's measure of how alike two texts are: each word, lower-cased and padded with two
 * spaces before and one after, cut into every run of three characters; the likeness is the
 * share of the two sets' trigrams they have in common.
 */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at++) trigrams.add(padded.slice(at, at + 3));
  }
  return trigrams;
}

/** The share of two sets' trigrams they have in common, from the count they share. */
export function likeness(shared: number, sizeA: number, sizeB: number): number {
  const all = sizeA + sizeB - shared;
  return all === 0 ? 0 : shared / all;
}
