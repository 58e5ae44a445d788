import type { ReactNode } from "react";
import type { DownloadLink } from "#app/features/catalogue/public.server";
import type { SearchResult } from "../search.server";

type SearchResultsProps = {
  results: SearchResult[];
  start: number;
  downloadInfo: (download: DownloadLink) => ReactNode;
};

/** `downloadInfo` is the catalogue's, passed in by the route: features meet only through public modules. */
export function SearchResults({ results, start, downloadInfo }: SearchResultsProps) {
  return (
    <ol className="search-results" start={start}>
      {results.map((result) => (
        <li key={result.key} className="search-result">
          <p className="search-result__kind">{result.kind}</p>
          <h2 className="search-result__title">
            <a href={result.href}>{result.title}</a>
          </h2>
          <p className="search-result__place">{result.place}</p>
          {result.summary ? <p className="search-result__summary">{result.summary}</p> : null}
          {result.download ? (
            <p className="search-result__download">
              <a href={result.download.href} download>
                Download<span className="visually-hidden"> {result.title}</span>
              </a>{" "}
              {downloadInfo(result.download)}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
