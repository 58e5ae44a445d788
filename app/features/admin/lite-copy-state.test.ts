import { describe, expect, it } from "vitest";
import { liteCopyState } from "./lite-copy-state";

const PDF = {
  externalUrl: null,
  contentType: "application/pdf",
  byteSize: 1_460_000,
  liteByteSize: null,
};

describe("whether an entry has a lite copy, as its admin page says", () => {
  it("gives a lite copy's size and how much smaller it is", () => {
    expect(liteCopyState({ ...PDF, liteByteSize: 60_000 }, { wanted: true })).toBe(
      "Lite copy: 60 KB, 24.3× smaller than the full 1.5 MB.",
    );
  });

  it("says why there is none: elsewhere, no file, not a PDF, small already, or the reason found", () => {
    expect(
      liteCopyState({ ...PDF, externalUrl: "https://x.example/a.pdf" }, { wanted: false }),
    ).toBe("No lite copy: the file is served from elsewhere.");
    expect(liteCopyState({ ...PDF, byteSize: null }, { wanted: false })).toBe(
      "No lite copy: no file yet.",
    );
    expect(liteCopyState({ ...PDF, contentType: "audio/mpeg" }, { wanted: false })).toBe(
      "No lite copy: only PDFs have one.",
    );
    expect(liteCopyState({ ...PDF, byteSize: 400_000 }, { wanted: false })).toBe(
      "No lite copy: the PDF is under 1 MB, small enough already.",
    );
    expect(
      liteCopyState(PDF, {
        wanted: true,
        outcome: {
          liteByteSize: null,
          reason: "it has no pictures that a lite copy would make smaller",
        },
      }),
    ).toBe("No lite copy: it has no pictures that a lite copy would make smaller.");
  });

  it("says a copy still to make is being made", () => {
    expect(liteCopyState(PDF, { wanted: true })).toBe("No lite copy yet: it is being made.");
  });
});
