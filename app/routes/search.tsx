import { DownloadInfo } from "#app/features/catalogue/components/download-info";
import { SearchBox } from "#app/features/search/components/search-box";
import { SearchResults } from "#app/features/search/components/search-results";
import { SearchSuggestions } from "#app/features/search/components/search-suggestions";
import { searchPageData, type SearchPageData } from "#app/features/search/search.server";
import {
  MAX_QUERY_LENGTH,
  MAX_QUERY_WORDS,
  RESULTS_PER_PAGE,
  searchHref,
} from "#app/features/search/search-query";
import { appContext } from "#app/lib/app-context.server";
import { countOf } from "#app/lib/plural";
import { siteSettings } from "#app/lib/site-settings.server";
import { metaFor } from "#app/lib/head";
import type { RouteHandle } from "#app/root";
import type { Route } from "./+types/search";

// The page's own box holds the query; a second one in the header would only repeat it.
export const handle: RouteHandle = { ownSearchBox: true };

export async function loader({ url, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return searchPageData({ db, url, pricePerMb: siteSettings.dataPricePerMb });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const text = loaderData?.query.text ?? "";
  return metaFor(matches, {
    title: text ? `Search: ${text}` : "Search",
    description: text
      ? `Books, booklets, past papers, quizzes and articles on StudyZed for “${text}”.`
      : "Find any book, tutorial booklet, past paper, quiz, lesson or article on StudyZed.",
    keywords: ["search", "past papers", "booklets", "quizzes", "StudyZed", ...(text ? [text] : [])],
    path: text ? searchHref(text, loaderData?.page) : "/search",
    // Results pages are for students and their shared links, not for search engines' indexes.
    noindex: true,
  });
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query } = loaderData;
  return (
    <section aria-labelledby="search-heading" className="search-page">
      <h1 id="search-heading">Search</h1>
      <SearchBox id="search-page-query" defaultValue={query.text} className="search-form" />
      {query.shortened ? (
        <p className="search-note">
          Only the first {MAX_QUERY_WORDS} words and {MAX_QUERY_LENGTH} characters were searched.
        </p>
      ) : null}
      {query.words.length === 0 ? (
        <>
          <p>
            {query.text
              ? "Type a word or two: a topic, a subject, a course code or a year."
              : "Type what you are looking for: a topic (quadratic functions), a subject and year (patho 2019), a course code (MA110) or a grade (grade 11 cells)."}
          </p>
          <SearchSuggestions groups={loaderData.subjectGroups} />
        </>
      ) : (
        <ResultsSection data={loaderData} />
      )}
    </section>
  );
}

function ResultsSection({ data }: { data: SearchPageData }) {
  const { query, results, total, everyWord, closeSpellings, page, pageCount } = data;
  return (
    <>
      {closeSpellings.length > 0 ? (
        <p className="search-note">
          {closeSpellings.map(({ word, close }, index) => (
            <span key={word}>
              {index > 0 ? " " : null}“{word}” also searched as “{close}”.
            </span>
          ))}
        </p>
      ) : null}
      <p role="status" className="search-count">
        {total === 0
          ? `Nothing found for “${query.text}”.`
          : `${countOf(total, "result")} for “${query.text}”${everyWord ? "" : ", none with every word: those with the most come first"}.`}
      </p>
      {total === 0 ? (
        <SearchSuggestions groups={data.subjectGroups} />
      ) : (
        <>
          <SearchResults
            results={results}
            start={(page - 1) * RESULTS_PER_PAGE + 1}
            downloadInfo={(download) => <DownloadInfo download={download} />}
          />
          {pageCount > 1 ? (
            <nav aria-label="Results pages" className="list-pages">
              {page > 1 ? <a href={searchHref(query.text, page - 1)}>Previous results</a> : null}{" "}
              <span>{`Page ${page} of ${pageCount}`}</span>{" "}
              {page < pageCount ? (
                <a href={searchHref(query.text, page + 1)}>More results</a>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}
