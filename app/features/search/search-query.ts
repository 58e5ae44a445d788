// Only letters and digits survive: what a student types is words, never syntax.

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

/**
 * Every synonym search knows: what students call a thing, and the site's word for it. A phrase
 * finds what it says and what the site's word does (docs/decisions/0079-subtopics-synonyms-and-search-speed.md).
 */
const SYNONYMS: [siteWord: string, phrases: string[]][] = [
  // Papers "with answers" or "with answer schedule", and practice test answers.
  [
    "answers",
    ["marking key", "marking keys", "marking scheme", "marking schemes", "memo", "memos"],
  ],
  ["therapeutics", ["pharmacology"]],
  ["lab", ["laboratory"]],
];
const SITE_WORD = new Map(
  SYNONYMS.flatMap(([siteWord, phrases]) => phrases.map((phrase) => [phrase, siteWord] as const)),
);

/** The words to look for, a synonym's phrase as one ("marking scheme"). */
export function wordsToFind(words: readonly string[]): string[] {
  const telling = words.filter((word) => !KIND_WORDS.has(word));
  const found = telling.length > 0 ? telling : words;
  const terms: string[] = [];
  for (let at = 0; at < found.length; at++) {
    const pair = `${found[at]} ${found[at + 1]}`;
    const phrase = SITE_WORD.has(pair);
    terms.push(phrase ? pair : found[at]!);
    if (phrase) at++;
  }
  return terms;
}

/** Long enough for trigrams to say anything, and not numbers; a synonym is no misspelling. */
export function mayBeMisspelt(word: string): boolean {
  return word.length >= 4 && !/\d/.test(word) && !SITE_WORD.has(word);
}

/** The site's word for a student's phrase ("memo" → "answers"), if it is a synonym. */
export function siteWordFor(word: string): string | undefined {
  return SITE_WORD.get(word);
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
