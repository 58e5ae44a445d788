/**
 * What a student typed, made into words the database can look up (docs/requirements.md,
 * "Search"). Only letters and digits survive, so nothing a student types is ever read as
 * tsquery or SQL syntax; the words are then passed as values, never spliced into SQL.
 */

/** The longest query read, in characters; the rest is left off and the page says so. */
export const MAX_QUERY_LENGTH = 200;
/** The most words searched for; the rest are left off and the page says so. */
export const MAX_QUERY_WORDS = 8;

export type SearchQuery = {
  /** The query as it is searched for and shown back: trimmed, capped, control characters gone. */
  text: string;
  /** Lower-case words of letters and digits, at most MAX_QUERY_WORDS. */
  words: string[];
  /** True when the query was longer than the caps and only its start was searched. */
  shortened: boolean;
};

// Control characters (tabs and new lines included) become spaces.
const CONTROL_CHARACTERS = /\p{Cc}|\p{Cf}/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export function readSearchQuery(raw: string): SearchQuery {
  const cleaned = raw
    .normalize("NFKC")
    .replace(CONTROL_CHARACTERS, " ")
    .replace(/\s+/g, " ")
    .trim();
  const text = cleaned.slice(0, MAX_QUERY_LENGTH).trim();
  const words = studentWords(text.toLowerCase());
  return {
    text,
    words: words.slice(0, MAX_QUERY_WORDS),
    shortened: cleaned.length > MAX_QUERY_LENGTH || words.length > MAX_QUERY_WORDS,
  };
}

/**
 * The words of a query, with the ways students write codes and grades made one: "ma 110" and
 * "MA-110" are "ma110" (a course code), "g11", "gr11" and "grade11" are "grade 11".
 */
function studentWords(lowerCase: string): string[] {
  const joined = lowerCase
    .replace(/\b([a-z]{2})[\s-]?(\d{3})\b/g, "$1$2")
    .replace(/\b(?:grade|gr|g)\s*-?\s*(1[0-2])\b/g, "grade $1");
  return [...joined.matchAll(WORD)].map((match) => match[0]).filter((word) => word.length <= 40);
}

/**
 * Words that say what kind of thing is wanted, not which: "patho 2019 past papers" means
 * "patho 2019", and every paper would hold them. Alone ("past papers"), they find the pages
 * that list papers (docs/decisions/0046-search-in-the-database.md).
 */
const KIND_WORDS = new Set(["past", "paper", "papers", "pastpaper", "pastpapers"]);

/** The words to look for: without the kind words, unless there is nothing else. */
export function wordsToFind(words: readonly string[]): string[] {
  const telling = words.filter((word) => !KIND_WORDS.has(word));
  return telling.length > 0 ? telling : [...words];
}

/** Words worth a spelling check: long enough for trigrams to say anything, and not numbers. */
export function mayBeMisspelt(word: string): boolean {
  return word.length >= 4 && !/\d/.test(word);
}

/**
 * The tsquery text for `words`, all of them (`&`) or any (`|`). Each word is matched as a
 * prefix ("equation" finds "equations", "patho" finds "pathology"), except numbers and short
 * words, which would match too much ("11" is not "110"). A word with a close spelling matches
 * either.
 */
export function tsqueryText(
  words: readonly string[],
  closeSpellings: ReadonlyMap<string, string>,
  joiner: "&" | "|",
): string {
  return words
    .map((word) => {
      const close = closeSpellings.get(word);
      return close ? `(${operand(word)} | ${operand(close)})` : operand(word);
    })
    .join(` ${joiner} `);
}

/** One word as a tsquery operand; each groups's text for ranking by how many words matched. */
export function operand(word: string): string {
  return /^\d+$/.test(word) || word.length < 3 ? word : `${word}:*`;
}
