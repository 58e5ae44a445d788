import type { Database } from "#database/client.server";
import { listSubjects } from "#app/features/catalogue/public.server";
import { MAX_PAGE, RESULTS_PER_PAGE, pageNumberOf } from "./paging";
import { searchSite, type SearchAnswer } from "./search.server";
import { readSearchQuery, type SearchQuery } from "./search-query";

export type SubjectGroup = { heading: string; subjects: { slug: string; name: string }[] };

export type SearchPageData = {
  query: SearchQuery;
  page: number;
  pageCount: number;
  answer: SearchAnswer;
  /** The subject pages, offered when nothing was asked or nothing was found. */
  subjectGroups: SubjectGroup[] | null;
};

/** Everything /search?q=…&page=… shows. */
export async function searchPageData({
  db,
  url,
  pricePerMb,
}: {
  db: Database;
  url: URL;
  pricePerMb?: number;
}): Promise<SearchPageData> {
  const query = readSearchQuery(url.searchParams.get("q") ?? "");
  const answer = await searchSite({
    db,
    query,
    page: pageNumberOf(url.searchParams.get("page")),
    pricePerMb,
  });
  const pageCount = Math.min(MAX_PAGE, Math.ceil(answer.total / RESULTS_PER_PAGE));
  const subjectGroups = answer.total === 0 ? await listSubjectGroups(db) : null;
  return { query, page: answer.page, pageCount, answer, subjectGroups };
}

async function listSubjectGroups(db: Database): Promise<SubjectGroup[]> {
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
