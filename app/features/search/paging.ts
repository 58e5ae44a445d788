export const RESULTS_PER_PAGE = 20;
/** The last page of results offered: past it, a better query finds more than paging does. */
export const MAX_PAGE = 10;

/** The page number asked for: a whole number from 1 to MAX_PAGE, else the first page. */
export function pageNumberOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The address of a results page, for the page links and the canonical link. */
export function searchHref(text: string, page = 1): string {
  const params = new URLSearchParams({ q: text });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}
