import { describe, expect, it } from "vitest";
import { parseManifest } from "./import-manifest";

describe("a bulk import's manifest", () => {
  it("reads CSV by its header, quoted fields and blank lines included", () => {
    expect(
      parseManifest(
        'file,key\r\n"scans/IMG 2931, page 1.pdf",patho-2019-test-1\r\n\r\n/library/b.pdf, mathematics-indices\n',
        "csv",
      ),
    ).toEqual({
      rows: [
        { key: "patho-2019-test-1", file: "scans/IMG 2931, page 1.pdf" },
        { key: "mathematics-indices", file: "/library/b.pdf" },
      ],
    });
  });

  it("reads JSON, a list of key and file", () => {
    expect(
      parseManifest('[{ "key": "patho-2019-test-1", "file": "file:///library/a.pdf" }]', "json"),
    ).toEqual({ rows: [{ key: "patho-2019-test-1", file: "file:///library/a.pdf" }] });
  });

  it("refuses the whole manifest, in one line, when any of it is wrong", () => {
    expect(parseManifest("name,path\na,b\n", "csv")).toEqual({
      problem: "The manifest's first line must name its columns, key and file.",
    });
    expect(parseManifest("key,file\na,\n", "csv")).toEqual({
      problem: "Line 2 of the manifest lacks a key or a file.",
    });
    expect(parseManifest('key,file\n"a,b\n', "csv")).toEqual({
      problem: "The manifest has a quote that is never closed.",
    });
    expect(parseManifest("{", "json")).toEqual({ problem: "The manifest is not valid JSON." });
    expect(parseManifest('[{ "key": "a" }]', "json")).toEqual({
      problem: 'The manifest must be a list of { "key": "…", "file": "…" }.',
    });
  });
});
