import { sql, type SQL } from "drizzle-orm";
import { selectRows, type Database } from "#database/client.server";
import { findDownloadLinks, listSubjects } from "#app/features/catalogue/public.server";
import {
  MAX_PAGE,
  mayBeMisspelt,
  operand,
  pageNumberOf,
  readSearchQuery,
  RESULTS_PER_PAGE,
  tsqueryText,
  wordsToFind,
  type SearchQuery,
} from "./search-query";

export type SearchPageData = Awaited<ReturnType<typeof searchPageData>>;

type SearchContext = { db: Database; pricePerMb?: number };

export async function searchPageData({ db, url, pricePerMb }: SearchContext & { url: URL }) {
  const query = readSearchQuery(url.searchParams.get("q") ?? "");
  const page = pageNumberOf(url.searchParams.get("page"));
  const found = await searchSite({ db, query, page, pricePerMb });
  const pageCount = Math.min(MAX_PAGE, Math.ceil(found.total / RESULTS_PER_PAGE));
  // With nothing found, the subject pages are offered to browse.
  const subjectGroups = found.total === 0 ? await listSubjectGroups(db) : null;
  return { ...found, query, pageCount, subjectGroups };
}

async function listSubjectGroups(db: Database) {
  const [school, courses, medical] = await Promise.all([
    listSubjects({ db, kind: "school_subject" }),
    listSubjects({ db, kind: "course" }),
    listSubjects({ db, kind: "medical_subject" }),
  ]);
  return [
    { heading: "Grades 10 to 12", subjects: school },
    { heading: "First-year university", subjects: courses },
    { heading: "Second-year medicine", subjects: medical },
  ];
}

export type SearchResult = Awaited<ReturnType<typeof searchSite>>["results"][number];

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

const KIND_LABELS: Record<string, string> = {
  book: "Book",
  topic_booklet: "Tutorial booklet",
  practice_test: "Practice test",
  practice_test_answers: "Practice test answers",
  past_paper: "Past paper",
  topical_pdf: "Notes",
  product: "Revision pack",
  app_file: "Android app",
  video_lesson: "Video lesson",
  podcast_episode: "Podcast",
  subject: "Subject page",
  article: "Smartify article",
  quiz: "Brain Booster quiz",
  question: "Quiz question",
};

/** database/migrations/0007_search.sql cuts an article's summary at this length. */
export const SUMMARY_LENGTH = 200;

export function readableSummary(summary: string): string {
  if (summary.length < SUMMARY_LENGTH) return summary;
  const lastSpace = summary.lastIndexOf(" ");
  const words = lastSpace > SUMMARY_LENGTH / 2 ? summary.slice(0, lastSpace) : summary;
  return `${words.replace(/[\s,;:.–—-]+$/u, "")}…`;
}

/** Every word, else most of them; a word that finds nothing also searches its close spelling. */
export async function searchSite(search: SearchContext & { query: SearchQuery; page?: number }) {
  const { db, query, page = 1, pricePerMb } = search;
  const words = wordsToFind(query.words);
  const found = await findEntries(db, words, Math.min(Math.max(page, 1), MAX_PAGE));
  const { rows } = found;
  const downloads = await findDownloadLinks({
    db,
    ids: rows.flatMap((row) => (row.material_id === null ? [] : [row.material_id])),
    pricePerMb,
  });
  return {
    results: rows.map((row) => ({
      key: row.key,
      kind: KIND_LABELS[row.kind] ?? "Page",
      title: row.title,
      place: row.place,
      summary: readableSummary(row.summary),
      href: row.href,
      download: (row.material_id === null ? null : downloads.get(row.material_id)) ?? null,
    })),
    total: rows.length === 0 ? 0 : Number(rows[0]!.total),
    /** False when no entry held every word: the results hold most of them. */
    everyWord: found.everyWord,
    closeSpellings: found.closeSpellings,
    page: found.page,
  };
}

type CloseSpelling = { word: string; close: string };

async function findEntries(
  db: Database,
  words: readonly string[],
  page: number,
): Promise<{
  rows: EntryRow[];
  everyWord: boolean;
  page: number;
  closeSpellings: CloseSpelling[];
}> {
  if (words.length === 0) return { rows: [], everyWord: true, page: 1, closeSpellings: [] };
  // A page past the last (a link saved before the content changed) shows the first.
  const onPage = async (matched: SQL) => {
    const rows = await rankedPage(db, matched, words, (page - 1) * RESULTS_PER_PAGE);
    if (rows.length > 0 || page === 1) return { rows, page };
    return { rows: await rankedPage(db, matched, words, 0), page: 1 };
  };
  // Entries that hold every word hold each one, so no word needs a close spelling: most
  // searches ask the database once (docs/decisions/0079-subtopics-synonyms-and-search-speed.md).
  const all = await onPage(everyWordMatched(words, new Map()));
  if (all.rows.length > 0) return { ...all, everyWord: true, closeSpellings: [] };
  const closeSpellings = await findCloseSpellings(db, words);
  const spellings = new Map(closeSpellings.map(({ word, close }) => [word, close]));
  const widened = spellings.size > 0 ? await onPage(everyWordMatched(words, spellings)) : all;
  if (widened.rows.length > 0 || words.length === 1)
    return { ...widened, everyWord: true, closeSpellings };
  return {
    ...(await onPage(mostWordsMatched(words, spellings))),
    everyWord: false,
    closeSpellings,
  };
}

// Rank: `matched.score` (ts_rank normalized by length, plus the kind's boost) plus half the
// title's similarity to the query, so the entry named as typed comes first. Worked out once per
// distinct title, whole rows read only for the page (docs/decisions/0049-search-speed.md).
function rankedPage(db: Database, matched: SQL, words: readonly string[], offset: number) {
  return selectRows<EntryRow>(
    db,
    sql`
      with ${matched},
      first_of_title as (
        select m.*, case when row_number() over same_title = 1
          then similarity(m.title, ${words.join(" ")}) end as first_likeness
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
    `,
  );
}

const SCORE = sql.raw(`ts_rank('{0.05, 0.1, 0.4, 1.0}', e.document, q.query, 1) + e.boost`);

function everyWordMatched(words: readonly string[], spellings: ReadonlyMap<string, string>) {
  return sql`matched as materialized (
    select e.key, e.title, e.place, ${SCORE} as score, 0 as held
    from search_entries e, to_tsquery('english', ${tsqueryText(words, spellings, "&")}) as q(query)
    where e.document @@ q.query
  )`;
}

function mostWordsMatched(words: readonly string[], spellings: ReadonlyMap<string, string>) {
  const eachWord = words.map((word) => tsqueryText([word], spellings, "&"));
  return sql`each_word as (
    select array_agg(to_tsquery('english', word)) as queries
    from jsonb_array_elements_text(${JSON.stringify(eachWord)}::jsonb) as word
    where numnode(to_tsquery('english', word)) > 0
  ),
  matched as materialized (
    select e.key, e.title, e.place, ${SCORE} as score,
      (select count(*) from unnest(each_word.queries) as w(query) where e.document @@ w.query) as held
    from search_entries e, each_word, to_tsquery('english', ${tsqueryText(words, spellings, "|")}) as q(query)
    where e.document @@ q.query
  )`;
}

// search_words holds every word ever indexed, so a candidate must still find an entry; its words
// are letters only (database/migrations/0007_search.sql), so a candidate parses as a tsquery.
async function findCloseSpellings(
  db: Database,
  words: readonly string[],
): Promise<CloseSpelling[]> {
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
