/**
 * How much of the catalogue serves real files rather than the generated samples of a fresh
 * install (docs/decisions/0062-catalogue-coverage.md): "Pathology: 41 of 62 real", a line per
 * page, in the catalogue's own order.
 */

/** What coverage needs to know of one catalogue entry. */
export type CoverageEntry = {
  page: string;
  /** Null when the entry has no stored file. */
  isSample: boolean | null;
  externalUrl: string | null;
};

export type PageCoverage = { page: string; real: number; total: number };

/**
 * Real: a stored file that is not a generated sample, or a link to the file elsewhere. An
 * entry with no file at all is not real either: a student gets nothing from it yet.
 */
export function servesRealFile(entry: CoverageEntry): boolean {
  return entry.externalUrl !== null || entry.isSample === false;
}

/** Each page's real entries out of all of its entries, pages in the order first met. */
export function coverageByPage(entries: readonly CoverageEntry[]): PageCoverage[] {
  const pages = new Map<string, PageCoverage>();
  for (const entry of entries) {
    const counts = pages.get(entry.page) ?? { page: entry.page, real: 0, total: 0 };
    counts.total += 1;
    if (servesRealFile(entry)) counts.real += 1;
    pages.set(entry.page, counts);
  }
  return [...pages.values()];
}

/** The whole catalogue's counts, for the line above the pages'. */
export function coverageInAll(pages: readonly PageCoverage[]): Omit<PageCoverage, "page"> {
  return pages.reduce(
    (sum, page) => ({ real: sum.real + page.real, total: sum.total + page.total }),
    { real: 0, total: 0 },
  );
}

/** "Pathology: 41 of 62 real". */
export function coverageLine(name: string, { real, total }: Omit<PageCoverage, "page">): string {
  return `${name}: ${real} of ${total} real`;
}

/** The pages that are not subjects, named as their own headings name them. */
const PAGE_NAMES: Record<string, string> = {
  home: "Home",
  books: "Books",
  app: "Android app",
  videos: "Videos",
  podcasts: "Podcasts",
};

/** A page's name for an admin: its subject's name, or the page's own ("Books"). */
export function coveragePageName(page: string, subjectNames: ReadonlyMap<string, string>) {
  return subjectNames.get(page) ?? PAGE_NAMES[page] ?? page;
}

/**
 * What /admin/catalogue and the bulk import print: "In all: x of y real", then each page's
 * line, its page named for an admin.
 */
export function coverageReport(
  entries: readonly CoverageEntry[],
  subjectNames: ReadonlyMap<string, string>,
): { inAll: string; pages: { page: string; line: string }[] } {
  const pages = coverageByPage(entries);
  return {
    inAll: coverageLine("In all", coverageInAll(pages)),
    pages: pages.map((counts) => ({
      page: counts.page,
      line: coverageLine(coveragePageName(counts.page, subjectNames), counts),
    })),
  };
}
