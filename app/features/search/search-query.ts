// Only letters and digits survive, so nothing a student types is read as tsquery or SQL syntax.

export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_WORDS = 8;
export const RESULTS_PER_PAGE = 20;
/** Past it, a better query finds more than paging does. */
export const MAX_PAGE = 10;

export type SearchQuery = ReturnType<typeof readSearchQuery>;

const CONTROL_CHARACTERS = /\p{Cc}|\p{Cf}/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export function readSearchQuery(raw: string) {
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

/** "ma 110" and "MA-110" are "ma110"; "g11", "gr11" and "grade11" are "grade 11". */
function studentWords(lowerCase: string): string[] {
  const joined = lowerCase
    .replace(/\b([a-z]{2})[\s-]?(\d{3})\b/g, "$1$2")
    .replace(/\b(?:grade|gr|g)\s*-?\s*(1[0-2])\b/g, "grade $1");
  return [...joined.matchAll(WORD)].map((match) => match[0]).filter((word) => word.length <= 40);
}

// "patho 2019 past papers" means "patho 2019": every paper holds these words. Alone, they find
// the pages that list papers (docs/decisions/0046-search-in-the-database.md).
const KIND_WORDS = new Set(["past", "paper", "papers", "pastpaper", "pastpapers"]);

export function wordsToFind(words: readonly string[]): string[] {
  const telling = words.filter((word) => !KIND_WORDS.has(word));
  return telling.length > 0 ? telling : [...words];
}

/** Long enough for trigrams to say anything, and not numbers. */
export function mayBeMisspelt(word: string): boolean {
  return word.length >= 4 && !/\d/.test(word);
}

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

/** A prefix ("patho" finds "pathology"), except numbers and short words: "11" is not "110". */
export function operand(word: string): string {
  return /^\d+$/.test(word) || word.length < 3 ? word : `${word}:*`;
}

export function pageNumberOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function searchHref(text: string, page = 1): string {
  const params = new URLSearchParams({ q: text });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}
