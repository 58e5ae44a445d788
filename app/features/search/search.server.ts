import { sql } from "drizzle-orm";
import { selectRows, type Database } from "#database/client.server";
import { findDownloadLinks, type DownloadLink } from "#app/features/catalogue/public.server";
import { MAX_PAGE, RESULTS_PER_PAGE } from "./paging";
import { kindLabel } from "./result-kinds";
import { mayBeMisspelt, operand, tsqueryText, wordsToFind, type SearchQuery } from "./search-query";
import { readableSummary } from "./summary";

export type SearchResult = {
  key: string;
  /** What it is, in words ("Past paper"). */
  kind: string;
  title: string;
  /** Where it sits ("Pathology · 2019"). */
  place: string;
  summary: string;
  href: string;
  /** A file's download link, size and data cost; null for a page. */
  download: DownloadLink | null;
};

export type SearchAnswer = {
  results: SearchResult[];
  /** How many entries matched in all. */
  total: number;
  /** False when no entry held every word and the results hold some of them. */
  everyWord: boolean;
  /** Words that found nothing, each with the closest word the site holds. */
  closeSpellings: { word: string; close: string }[];
  /** The results page shown: the one asked for, or the first when that one is past the last. */
  page: number;
};

type EntryRow = {
  key: string;
  kind: string;
  material_id: number | null;
  title: string;
  place: string;
  summary: string;
  href: string;
  total: number | string;
};

/**
 * Finds what a student means (docs/requirements.md, "Search"): entries holding every word
 * first; when none does, entries holding most of them. A word that matches nothing is
 * widened to the closest word the site holds ("quadratc" → "quadratic"), by trigram
 * similarity. The ranking is PostgreSQL's: weighted full-text rank plus each kind's boost.
 */
export async function searchSite({
  db,
  query,
  page = 1,
  pricePerMb,
}: {
  db: Database;
  query: SearchQuery;
  page?: number;
  pricePerMb?: number;
}): Promise<SearchAnswer> {
  const words = wordsToFind(query.words);
  if (words.length === 0)
    return { results: [], total: 0, everyWord: true, closeSpellings: [], page: 1 };
  const closeSpellings = await findCloseSpellings(db, words);
  const spellings = new Map(closeSpellings.map(({ word, close }) => [word, close]));

  const found = await findEntries(db, words, spellings, Math.min(Math.max(page, 1), MAX_PAGE));
  const { rows } = found;
  const downloads = await findDownloadLinks({
    db,
    ids: rows.flatMap((row) => (row.material_id === null ? [] : [row.material_id])),
    pricePerMb,
  });
  return {
    results: rows.map((row) => ({
      key: row.key,
      kind: kindLabel(row.kind),
      title: row.title,
      place: row.place,
      summary: readableSummary(row.summary),
      href: row.href,
      download: row.material_id === null ? null : (downloads.get(row.material_id) ?? null),
    })),
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
    everyWord: found.everyWord,
    closeSpellings,
    page: found.page,
  };
}

/**
 * One page of the entries holding every word or, when none holds them all, of those holding
 * most of them. A page past the last (a link kept while the content changed, an edited
 * address) shows the first: asked as it is, it would say "Nothing found", or fall back to
 * entries with only some of the words when every word had been found.
 */
async function findEntries(
  db: Database,
  words: readonly string[],
  spellings: ReadonlyMap<string, string>,
  page: number,
): Promise<{ rows: EntryRow[]; everyWord: boolean; page: number }> {
  const offset = (page - 1) * RESULTS_PER_PAGE;
  const allWords = tsqueryText(words, spellings, "&");
  const text = words.join(" ");
  const rows = await matchingEntries(db, allWords, text, offset);
  if (rows.length > 0) return { rows, everyWord: true, page };
  if (page > 1) {
    const first = await matchingEntries(db, allWords, text, 0);
    if (first.length > 0) return { rows: first, everyWord: true, page: 1 };
  }
  if (words.length === 1) return { rows, everyWord: true, page: 1 };
  const most = await entriesMatchingMost(db, words, spellings, offset);
  if (most.length > 0 || page === 1) return { rows: most, everyWord: false, page };
  return { rows: await entriesMatchingMost(db, words, spellings, 0), everyWord: false, page: 1 };
}

/**
 * The rank: PostgreSQL's full-text rank with weights for D (body), C, B (where it sits) and A
 * (title and the words students type), normalization 1 (divided by the log of the length, so
 * a long article does not outrank a booklet for holding a word many times); plus the kind's
 * boost (together the `score` of `matched`); plus half the trigram similarity of the title to
 * the whole query, so that the entry named as typed ("biology", "society and medicine",
 * "BI110") comes first. Ties: where it sits, newest year first; then the title.
 *
 * Written for a broad query on a big catalogue ("past papers" matches most of it), without
 * changing the order (docs/decisions/0049-search-speed.md): the similarity is worked out
 * once per distinct title (papers share a few titles: "Test 1", "Sessional"), not once per
 * entry, and on the title as it is, since pg_trgm lower-cases both sides itself; only the
 * keys and sort columns of every match are ranked, and the page's 20 rows are read last.
 * Comes after `matched`: key, title, place, score and held (how many of the words it holds).
 */
function rankedPage(text: string, offset: number) {
  return sql`
    first_of_title as (
      select m.*, case when row_number() over same_title = 1
        then similarity(m.title, ${text}) end as first_likeness
      from matched m window same_title as (partition by m.title collate "C")
    ),
    likened as (
      select f.*, max(f.first_likeness) over (partition by f.title collate "C") as likeness
      from first_of_title f
    ),
    page as (
      select l.key, l.held, l.score + 0.5 * l.likeness as rank, l.place, l.title
      from likened l
      order by l.held desc, rank desc, l.place desc, l.title, l.key
      limit ${RESULTS_PER_PAGE} offset ${offset}
    )
    select e.key, e.kind, e.material_id, e.title, e.place, e.summary, e.href,
      (select count(*) from matched) as total
    from page p join search_entries e on e.key = p.key
    order by p.held desc, p.rank desc, p.place desc, p.title, p.key
  `;
}

const SCORE = sql.raw(`ts_rank('{0.05, 0.1, 0.4, 1.0}', e.document, q.query, 1) + e.boost`);

function matchingEntries(
  db: Database,
  tsquery: string,
  text: string,
  offset: number,
): Promise<EntryRow[]> {
  return selectRows<EntryRow>(
    db,
    sql`
      with matched as materialized (
        select e.key, e.title, e.place, ${SCORE} as score, 0 as held
        from search_entries e, to_tsquery('english', ${tsquery}) as q(query)
        where e.document @@ q.query
      ),
      ${rankedPage(text, offset)}
    `,
  );
}

/** Entries holding any of the words, those holding the most first. */
function entriesMatchingMost(
  db: Database,
  words: readonly string[],
  spellings: ReadonlyMap<string, string>,
  offset: number,
): Promise<EntryRow[]> {
  const eachWord = words.map((word) => tsqueryText([word], spellings, "&"));
  return selectRows<EntryRow>(
    db,
    sql`
      with each_word as (
        select array_agg(to_tsquery('english', word)) as queries
        from jsonb_array_elements_text(${JSON.stringify(eachWord)}::jsonb) as word
        where numnode(to_tsquery('english', word)) > 0
      ),
      matched as materialized (
        select e.key, e.title, e.place, ${SCORE} as score,
          (select count(*) from unnest(each_word.queries) as w(query) where e.document @@ w.query) as held
        from search_entries e, each_word, to_tsquery('english', ${tsqueryText(words, spellings, "|")}) as q(query)
        where e.document @@ q.query
      ),
      ${rankedPage(words.join(" "), offset)}
    `,
  );
}

/**
 * For each word that finds nothing as it is typed, the site's closest word by trigram
 * similarity (pg_trgm), if one is close enough to be what the student meant.
 * search_words keeps every word ever indexed, so a candidate must still find an entry: a
 * word only an unpublished or deleted article held is never offered. It holds words of
 * letters only (database/migrations/0007_search.sql), so a candidate always parses as a
 * tsquery: a web address's "site.com:443" never becomes one.
 */
async function findCloseSpellings(
  db: Database,
  words: readonly string[],
): Promise<{ word: string; close: string }[]> {
  const checked = words.filter(mayBeMisspelt);
  if (checked.length === 0) return [];
  const rows = await selectRows<{ word: string; close: string | null }>(
    db,
    sql`
      select t.word,
        (select w.word from search_words w
          where w.word % t.word and similarity(w.word, t.word) >= 0.4
            and exists (
              select 1 from search_entries e where e.document @@ to_tsquery('english', w.word || ':*')
            )
          order by similarity(w.word, t.word) desc, w.word limit 1) as close
      from jsonb_to_recordset(${JSON.stringify(checked.map((word) => ({ word, operand: operand(word) })))}::jsonb)
        as t(word text, operand text)
      where numnode(to_tsquery('english', t.operand)) > 0 and not exists (
        select 1 from search_entries e where e.document @@ to_tsquery('english', t.operand)
      )
    `,
  );
  return rows.flatMap(({ word, close }) => (close && close !== word ? [{ word, close }] : []));
}
