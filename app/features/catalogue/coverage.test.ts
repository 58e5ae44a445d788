import { describe, expect, it } from "vitest";
import {
  coverageByPage,
  coverageInAll,
  coverageLine,
  coveragePageName,
  coverageReport,
  servesRealFile,
} from "./coverage";

const sample = (page: string) => ({ page, isSample: true, externalUrl: null });
const real = (page: string) => ({ page, isSample: false, externalUrl: null });

describe("catalogue coverage", () => {
  it("counts a real file and an external link as real, a sample and a missing file as not", () => {
    expect(servesRealFile(real("patho"))).toBe(true);
    expect(
      servesRealFile({ page: "videos", isSample: null, externalUrl: "https://example.org/a" }),
    ).toBe(true);
    expect(servesRealFile(sample("patho"))).toBe(false);
    expect(servesRealFile({ page: "patho", isSample: null, externalUrl: null })).toBe(false);
  });

  it("counts each page's real entries out of all of them, pages in the order first met", () => {
    const pages = coverageByPage([
      sample("patho"),
      real("books"),
      real("patho"),
      sample("patho"),
      sample("books"),
    ]);
    expect(pages).toEqual([
      { page: "patho", real: 1, total: 3 },
      { page: "books", real: 1, total: 2 },
    ]);
    expect(coverageInAll(pages)).toEqual({ real: 2, total: 5 });
    expect(coverageByPage([])).toEqual([]);
  });

  it("writes a line as an admin reads it, the page named by its subject or its own name", () => {
    const subjects = new Map([["patho", "Pathology"]]);
    expect(coverageLine(coveragePageName("patho", subjects), { real: 41, total: 62 })).toBe(
      "Pathology: 41 of 62 real",
    );
    expect(coveragePageName("books", subjects)).toBe("Books");
    expect(coveragePageName("unknown-page", subjects)).toBe("unknown-page");
  });

  it("reports the whole catalogue first, then each page by its name", () => {
    expect(
      coverageReport(
        [sample("patho"), real("patho"), real("books")],
        new Map([["patho", "Pathology"]]),
      ),
    ).toEqual({
      inAll: "In all: 2 of 3 real",
      pages: [
        { page: "patho", line: "Pathology: 1 of 2 real" },
        { page: "books", line: "Books: 1 of 1 real" },
      ],
    });
  });
});
