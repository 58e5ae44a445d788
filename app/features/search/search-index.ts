import { stemmer } from "stemmer";
import { mayBeMisspelt, siteWordFor } from "./search-query";
import { likeness, trigramsOf } from "./trigrams";

/** An entry as the database keeps it (database/schema/search.ts), ranked and shown from memory. */
export type IndexedEntry = {
  key: string;
  kind: string;
  materialId: number | null;
  title: string;
  place: string;
  summary: string;
  terms: string;
  body: string;
  href: string;
  boost: number;
};

type ShownEntry = Omit<IndexedEntry, "terms" | "body">;

export type CloseSpelling = { word: string; close: string };

export type FoundPage = {
  entries: ShownEntry[];
  total: number;
  /** False when no entry held every word: the results hold most of them. */
  everyWord: boolean;
  closeSpellings: CloseSpelling[];
  page: number;
};

// PostgreSQL's English stop words (tsearch_data/english.stop): words too common to find anything.
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
  her hers herself it its itself they them their theirs themselves what which who whom this that
  these those am is are was were be been being have has had having do does did doing a an the and
  but if or because as until while of at by for with about against between into through during
  before after above below to from up down in out on off over under again further then once here
  there when where why how all any both each few more most other some such no nor not only own
  same so than too very s t can will just don should now`.split(/\s+/),
);

const WORD = /[\p{L}\p{N}]+/gu;
const LETTERS = /^\p{L}+$/u;
const MAX_WORD_LENGTH = 40;

/** The form a word is indexed and searched by ("functions" → "function"), or null for "the". */
function termOf(word: string): string | null {
  if (STOP_WORDS.has(word) || word.length > MAX_WORD_LENGTH) return null;
  return LETTERS.test(word) ? stemmer(word) : word;
}

// Title and terms are one field, as they were one weight of the full-text search before: a word
// named in both counts as a word said twice. A word placed counts for less, one in a
// description or a question's text for little (docs/decisions/0082-search-from-memory.md).
const FIELDS = ["named", "place", "body"] as const;
const FIELD_WEIGHTS = [1, 0.4, 0.05];
const NAMED_FIELDS = [0, 1];
const EVERY_FIELD = [0, 1, 2];
// Okapi BM25, with little weight on length: a title is a few words, and a short one is no
// better a match than a longer one.
const BM25 = { k: 1.2, b: 0.2, d: 0.5 };
/** A word found as the start of a longer one counts for less, the less the longer the rest. */
const PREFIX_WEIGHT = 0.375;
/** How much more an entry named as typed ranks: the title's likeness to the query, 0 to 1. */
const LIKENESS_WEIGHT = 0.5;
const CLOSE_SPELLING_LIKENESS = 0.4;

type Postings = { docs: Int32Array; counts: Uint16Array };
/** doc → score */
type Scores = Map<number, number>;

// A web or e-mail address is one token, as PostgreSQL's parser reads it, not words: its parts
// ("okapisite", "com") find nothing and are offered as no close spelling.
const ADDRESS =
  /(?:\b[a-z][a-z\d+.-]*:\/\/|\bwww\.)\S*|\S+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|edu|gov|info|io|co|zm|uk|ac|za)\b\S*/giu;

function fieldTexts(entry: IndexedEntry): [string, string, string] {
  const words = (text: string) => text.replace(ADDRESS, " ");
  return [words(`${entry.title} ${entry.terms}`), words(entry.place), words(entry.body)];
}

/**
 * Every entry a student can find, indexed in the server's memory as arrays of numbers: a new
 * search is ranked in well under a millisecond on the server's own thread, where the database
 * took tens, queued behind every other question (docs/decisions/0082-search-from-memory.md).
 */
export function createSearchIndex(entries: readonly IndexedEntry[]) {
  const shown: ShownEntry[] = entries.map(({ terms: _terms, body: _body, ...entry }) => entry);
  const fieldLengths = FIELDS.map(() => new Uint16Array(entries.length));
  const building = new Map<string, { docs: number[]; counts: number[] }[]>();
  const termOfWord = new Map<string, string | null>();
  // The word a student would read for each form: "quadratic", not "quadrat".
  const readableWord = new Map<string, string>();
  entries.forEach((entry, doc) => {
    fieldTexts(entry).forEach((text, field) => {
      const counts = new Map<string, number>();
      let length = 0;
      for (const word of text.toLowerCase().match(WORD) ?? []) {
        let term = termOfWord.get(word);
        if (term === undefined) {
          termOfWord.set(word, (term = termOf(word)));
          if (term !== null && LETTERS.test(word)) {
            const known = readableWord.get(term);
            if (known === undefined || word.length < known.length) readableWord.set(term, word);
          }
        }
        if (term === null) continue;
        counts.set(term, (counts.get(term) ?? 0) + 1);
        length++;
      }
      fieldLengths[field]![doc] = Math.min(length, 0xffff);
      for (const [term, count] of counts) {
        let byField = building.get(term);
        if (byField === undefined)
          building.set(term, (byField = FIELDS.map(() => ({ docs: [], counts: [] }))));
        byField[field]!.docs.push(doc);
        byField[field]!.counts.push(Math.min(count, 0xffff));
      }
    });
  });
  const postings = new Map<string, (Postings | null)[]>();
  for (const [term, byField] of building)
    postings.set(
      term,
      byField.map(({ docs, counts }) =>
        docs.length === 0
          ? null
          : { docs: Int32Array.from(docs), counts: Uint16Array.from(counts) },
      ),
    );
  const sortedTerms = [...postings.keys()].sort();
  const averageLengths = fieldLengths.map(
    (lengths) => lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, entries.length),
  );
  const closeSpellings = createSpellingIndex([...termOfWord.keys()]);
  // Each title's trigrams as numbers, for its likeness to a query.
  const trigramIds = new Map<string, number>();
  const titleTrigrams = shown.map(({ title }) =>
    Int32Array.from(trigramsOf(title), (trigram) => {
      let id = trigramIds.get(trigram);
      if (id === undefined) trigramIds.set(trigram, (id = trigramIds.size));
      return id;
    }),
  );

  /** Each entry holding the term (or, as a prefix, a longer one) and how well it matches. */
  function termScores(word: string, fields: readonly number[]): Scores {
    const scores: Scores = new Map();
    const term = termOf(word);
    if (term === null) return scores;
    const add = (found: string, weight: number) => {
      const byField = postings.get(found)!;
      for (const field of fields) {
        const list = byField[field];
        if (!list) continue;
        const idf = Math.log(
          1 + (entries.length - list.docs.length + 0.5) / (list.docs.length + 0.5),
        );
        const average = averageLengths[field]!;
        const fieldWeight = weight * FIELD_WEIGHTS[field]!;
        const lengths = fieldLengths[field]!;
        for (let at = 0; at < list.docs.length; at++) {
          const doc = list.docs[at]!;
          const count = list.counts[at]!;
          const norm = BM25.k * (1 - BM25.b + (BM25.b * lengths[doc]!) / average);
          const score = idf * (BM25.d + (count * (BM25.k + 1)) / (count + norm));
          scores.set(doc, (scores.get(doc) ?? 0) + fieldWeight * score);
        }
      }
    };
    if (!isPrefix(word)) {
      if (postings.has(term)) add(term, 1);
      return scores;
    }
    for (let at = lowerBound(sortedTerms, term); at < sortedTerms.length; at++) {
      const found = sortedTerms[at]!;
      if (!found.startsWith(term)) break;
      const rest = found.length - term.length;
      add(found, rest === 0 ? 1 : (PREFIX_WEIGHT * found.length) / (found.length + 0.3 * rest));
    }
    return scores;
  }

  /**
   * A word, a synonym's phrase as one: its own words, or its close spelling, or the site's word
   * where an entry is named or placed (a book whose blurb says "answers" is no marking key).
   */
  function wordScores(word: string, spellings: ReadonlyMap<string, string>): Scores {
    const parts = word.split(" ").filter((part) => termOf(part) !== null);
    let found = parts.map((part) => termScores(part, EVERY_FIELD)).reduce(bothOf);
    const close = spellings.get(word);
    if (close) found = eitherOf(found, termScores(close, EVERY_FIELD));
    const siteWord = siteWordFor(word);
    if (siteWord) found = eitherOf(found, termScores(siteWord, NAMED_FIELDS));
    return found;
  }

  function find(studentWords: readonly string[], page: number, perPage: number, maxPage: number) {
    const none: FoundPage = { entries: [], total: 0, everyWord: true, closeSpellings: [], page: 1 };
    // "of" and "the" find nothing, and would keep an entry from holding every word.
    const words = studentWords.filter((word) => word.split(" ").some((part) => termOf(part)));
    if (words.length === 0) return none;
    const page_ = { page, perPage, maxPage };
    const noSpellings = new Map<string, string>();
    const eachWord = words.map((word) => wordScores(word, noSpellings));
    const all = eachWord.reduce(bothOf);
    if (all.size > 0) return ranked(all, null, words, page_, []);
    // Entries that hold every word hold each one, so only then are close spellings looked for.
    const spellings = new Map<string, string>();
    words.forEach((word, at) => {
      if (eachWord[at]!.size > 0 || !mayBeMisspelt(word)) return;
      const close = closeSpellings.closestTo(word);
      if (close !== null) spellings.set(word, close);
    });
    const corrected = [...spellings].map(([word, close]) => ({ word, close }));
    const widened = words.map((word, at) =>
      spellings.has(word) ? wordScores(word, spellings) : eachWord[at]!,
    );
    const everyWord = spellings.size > 0 ? widened.reduce(bothOf) : all;
    if (everyWord.size > 0 || words.length === 1)
      return ranked(everyWord, null, words, page_, corrected);
    const held = new Map<number, number>();
    for (const scores of widened)
      for (const doc of scores.keys()) held.set(doc, (held.get(doc) ?? 0) + 1);
    return ranked(widened.reduce(eitherOf), held, words, page_, corrected);
  }

  function ranked(
    scores: Scores,
    held: ReadonlyMap<number, number> | null,
    words: readonly string[],
    { page, perPage, maxPage }: { page: number; perPage: number; maxPage: number },
    corrected: CloseSpelling[],
  ): FoundPage {
    const total = scores.size;
    const pageCount = Math.min(maxPage, Math.ceil(total / perPage));
    // A page past the last (a link saved before the content changed) shows the first.
    const shownPage = page <= pageCount ? page : 1;
    const needed = shownPage * perPage;
    let best = 0;
    for (const score of scores.values()) best = Math.max(best, score);
    const queryTrigrams = trigramsOf(words.join(" "));
    const queryIds = new Set(
      [...queryTrigrams].flatMap((trigram) => trigramIds.get(trigram) ?? []),
    );
    // pg_trgm's similarity (./trigrams.ts), on the numbers.
    const likenessOf = (doc: number) => {
      const title = titleTrigrams[doc]!;
      let shared = 0;
      for (const id of title) if (queryIds.has(id)) shared++;
      return likeness(shared, title.length, queryTrigrams.size);
    };
    // Scores relative to the best, so that a kind's boost and the title's likeness weigh the
    // same in every search.
    const docs = Int32Array.from(scores.keys());
    const bases = Float64Array.from(
      scores.values(),
      (score, at) => score / best + shown[docs[at]!]!.boost,
    );
    // The likeness adds at most LIKENESS_WEIGHT: when every entry holds every word, it is worked
    // out only for those that could still reach the page, above the page's last by base alone.
    const lowest =
      held === null && bases.length > needed
        ? bases.slice().sort()[bases.length - needed]! - LIKENESS_WEIGHT
        : -Infinity;
    const ranks: { doc: number; held: number; rank: number }[] = [];
    docs.forEach((doc, at) => {
      if (bases[at]! < lowest) return;
      const rank = bases[at]! + LIKENESS_WEIGHT * likenessOf(doc);
      ranks.push({ doc, held: held?.get(doc) ?? 0, rank });
    });
    ranks.sort(
      (a, b) =>
        b.held - a.held ||
        b.rank - a.rank ||
        compare(shown[b.doc]!.place, shown[a.doc]!.place) ||
        compare(shown[a.doc]!.title, shown[b.doc]!.title) ||
        compare(shown[a.doc]!.key, shown[b.doc]!.key),
    );
    return {
      entries: ranks.slice(needed - perPage, needed).map((rank) => shown[rank.doc]!),
      total,
      everyWord: held === null,
      closeSpellings: corrected,
      page: shownPage,
    };
  }

  return { find, size: entries.length };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/** Every word indexed, by its trigrams, for the closest spelling of a word that finds nothing. */
function createSpellingIndex(allWords: readonly string[]) {
  const words = allWords.filter(
    (word) => word.length >= 4 && word.length <= MAX_WORD_LENGTH && LETTERS.test(word),
  );
  const sizes = new Uint16Array(words.length);
  const byTrigram = new Map<string, number[]>();
  words.forEach((word, id) => {
    const trigrams = trigramsOf(word);
    sizes[id] = trigrams.size;
    for (const trigram of trigrams) {
      const ids = byTrigram.get(trigram);
      if (ids) ids.push(id);
      else byTrigram.set(trigram, [id]);
    }
  });
  return {
    /** As pg_trgm suggests a spelling: the most alike, at least CLOSE_SPELLING_LIKENESS. */
    closestTo(word: string): string | null {
      const trigrams = trigramsOf(word);
      const shared = new Map<number, number>();
      for (const trigram of trigrams)
        for (const id of byTrigram.get(trigram) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
      let best: { word: string; alike: number } | null = null;
      for (const [id, count] of shared) {
        const alike = likeness(count, trigrams.size, sizes[id]!);
        const candidate = words[id]!;
        if (alike < CLOSE_SPELLING_LIKENESS || candidate === word) continue;
        if (best === null || alike > best.alike || (alike === best.alike && candidate < best.word))
          best = { word: candidate, alike };
      }
      return best?.word ?? null;
    },
  };
}

/** Each word a prefix ("patho" finds "pathology") unless a number or short ("11" is not "110"). */
function isPrefix(word: string): boolean {
  return !/^\d+$/.test(word) && word.length >= 3;
}

function bothOf(a: Scores, b: Scores): Scores {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const both: Scores = new Map();
  for (const [doc, score] of small) {
    const other = large.get(doc);
    if (other !== undefined) both.set(doc, score + other);
  }
  return both;
}

function eitherOf(a: Scores, b: Scores): Scores {
  const either: Scores = new Map(a);
  for (const [doc, score] of b) either.set(doc, (either.get(doc) ?? 0) + score);
  return either;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
