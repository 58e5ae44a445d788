import type { Database } from "#database/client.server";
import { startingWithCapital } from "#app/lib/text-rules";
import { contentVersion, searchEntries, searchVersion } from "#database/schema";
import {
  findDownloadLinks,
  listSubjects,
  type DownloadLink,
} from "#app/features/catalogue/public.server";
import { createSearchIndex, type SearchIndex } from "./search-index";
import {
  MAX_PAGE,
  pageNumberOf,
  readSearchQuery,
  RESULTS_PER_PAGE,
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
  const sentence = startingWithCapital(summary);
  if (sentence.length < SUMMARY_LENGTH) return sentence;
  const lastSpace = sentence.lastIndexOf(" ");
  const words = lastSpace > SUMMARY_LENGTH / 2 ? sentence.slice(0, lastSpace) : sentence;
  return `${words.replace(/[\s,;:.–—-]+$/u, "")}…`;
}

/** Every word, else most of them; a word that finds nothing also searches its close spelling. */
export async function searchSite(search: SearchContext & { query: SearchQuery; page?: number }) {
  const { db, query, page = 1, pricePerMb } = search;
  const state = await searchStateOf(db);
  const found = state.index.find(
    wordsToFind(query.words),
    Math.min(Math.max(page, 1), MAX_PAGE),
    RESULTS_PER_PAGE,
    MAX_PAGE,
  );
  const ids = found.entries.flatMap((entry) =>
    entry.materialId === null ? [] : [entry.materialId],
  );
  const downloads = await state.downloadLinks(ids, pricePerMb);
  return {
    results: found.entries.map((entry) => ({
      key: entry.key,
      kind: KIND_LABELS[entry.kind] ?? "Page",
      title: entry.title,
      place: entry.place,
      summary: readableSummary(entry.summary),
      href: entry.href,
      download: (entry.materialId === null ? null : downloads.get(entry.materialId)) ?? null,
    })),
    total: found.total,
    everyWord: found.everyWord,
    closeSpellings: found.closeSpellings,
    page: found.page,
  };
}

type Versions = { search: number; content: number };

/**
 * What a search needs from the database, kept in memory while it is current: the index of
 * the search entries, made again when search_version moves (the database's triggers move it
 * whenever an entry changes, plain SQL's too), and the download links of the entries shown,
 * read again when content_version moves (docs/decisions/0082-search-from-memory.md).
 */
type SearchState = {
  versions: Versions;
  index: SearchIndex;
  downloadLinks(ids: number[], pricePerMb?: number): Promise<Map<number, DownloadLink>>;
};

const searchStates = new WeakMap<Database, Promise<SearchState>>();
const versionReads = new WeakMap<Database, Promise<Versions>>();

async function searchStateOf(db: Database): Promise<SearchState> {
  const versions = await readVersions(db);
  const kept = searchStates.get(db);
  const current = await kept?.catch(() => null);
  if (current && current.versions.search >= versions.search) {
    if (current.versions.content < versions.content) current.versions.content = versions.content;
    return current;
  }
  // Another search may already be making the newer one.
  if (kept !== undefined && searchStates.get(db) !== kept) return searchStateOf(db);
  const making = makeSearchState(db, versions);
  searchStates.set(db, making);
  return making;
}

/**
 * Searches made at once share one read of the versions: a search sees every change committed
 * before the read it shares began.
 */
function readVersions(db: Database): Promise<Versions> {
  let read = versionReads.get(db);
  if (read === undefined) {
    read = db
      .select({ search: searchVersion.version, content: contentVersion.version })
      .from(searchVersion)
      .crossJoin(contentVersion)
      .then(([row]) => ({ search: row?.search ?? 0, content: row?.content ?? 0 }))
      .finally(() => versionReads.delete(db));
    versionReads.set(db, read);
  }
  return read;
}

async function makeSearchState(db: Database, versions: Versions): Promise<SearchState> {
  const rows = await db
    .select({
      key: searchEntries.key,
      kind: searchEntries.kind,
      materialId: searchEntries.materialId,
      title: searchEntries.title,
      place: searchEntries.place,
      summary: searchEntries.summary,
      terms: searchEntries.terms,
      body: searchEntries.body,
      href: searchEntries.href,
      boost: searchEntries.boost,
    })
    .from(searchEntries);
  // The versions were read before the rows: a change made meanwhile moves them past these.
  let links: { content: number; pricePerMb?: number; byId: Map<number, DownloadLink | null> } = {
    content: -1,
    byId: new Map(),
  };
  const state: SearchState = {
    versions: { ...versions },
    index: createSearchIndex(rows),
    downloadLinks: async (ids, pricePerMb) => {
      if (links.content !== state.versions.content || links.pricePerMb !== pricePerMb)
        links = { content: state.versions.content, pricePerMb, byId: new Map() };
      const { byId } = links;
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length > 0) {
        const found = await findDownloadLinks({ db, ids: missing, pricePerMb });
        for (const id of missing) byId.set(id, found.get(id) ?? null);
      }
      const shown = new Map<number, DownloadLink>();
      for (const id of ids) {
        const link = byId.get(id);
        if (link) shown.set(id, link);
      }
      return shown;
    },
  };
  return state;
}
