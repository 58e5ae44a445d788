// How much of the catalogue serves real files rather than samples (docs/decisions/0062-catalogue-coverage.md).

type CoverageEntry = { page: string; isSample: boolean | null; externalUrl: string | null };
type PageCoverage = { page: string; real: number; total: number };

/** An entry with no stored file (`isSample` null) is not real: a student gets nothing yet. */
export function servesRealFile(entry: CoverageEntry): boolean {
  return entry.externalUrl !== null || entry.isSample === false;
}

export function coverageByPage(entries: readonly CoverageEntry[]): PageCoverage[] {
  return [...new Set(entries.map((entry) => entry.page))].map((page) => {
    const onPage = entries.filter((entry) => entry.page === page);
    return { page, real: onPage.filter(servesRealFile).length, total: onPage.length };
  });
}

export function coverageInAll(pages: readonly PageCoverage[]): Omit<PageCoverage, "page"> {
  return pages.reduce(
    (sum, page) => ({ real: sum.real + page.real, total: sum.total + page.total }),
    { real: 0, total: 0 },
  );
}

export function coverageLine(name: string, { real, total }: Omit<PageCoverage, "page">): string {
  return `${name}: ${real} of ${total} real`;
}

const PAGE_NAMES: Record<string, string> = {
  home: "Home",
  books: "Books",
  app: "Android app",
  videos: "Videos",
  podcasts: "Podcasts",
};

export function coveragePageName(page: string, subjectNames: ReadonlyMap<string, string>) {
  return subjectNames.get(page) ?? PAGE_NAMES[page] ?? page;
}

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
