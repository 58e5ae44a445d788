import { describe, expect, it } from "vitest";
import { describeCopies, describeDownload, formatBytes } from "./describe-download";

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1_000, "1 KB"],
    [1_499, "1 KB"],
    [1_500, "2 KB"],
    [999_499, "999 KB"],
    [1_000_000, "1 MB"],
    [1_234_567, "1.2 MB"],
    [12_950_000, "13 MB"],
    [2_500_000_000, "2.5 GB"],
  ])("shows %i bytes as %s", (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });
});

describe("describeDownload", () => {
  it("names the file type and size", () => {
    expect(describeDownload({ contentType: "application/pdf", byteSize: 1_200_000 })).toEqual({
      size: "PDF, 1.2 MB",
      cost: null,
    });
    expect(
      describeDownload({ contentType: "audio/ogg; codecs=opus", byteSize: 180_000 }).size,
    ).toBe("Audio, 180 KB");
    expect(describeDownload({ contentType: "application/octet-stream", byteSize: 10 }).size).toBe(
      "File, 10 B",
    );
  });

  it("estimates the data cost in kwacha when a price per MB is set", () => {
    expect(
      describeDownload({ contentType: "application/pdf", byteSize: 1_200_000, pricePerMb: 0.25 })
        .cost,
    ).toBe("about K0.30 of data");
    expect(
      describeDownload({ contentType: "application/pdf", byteSize: 1_500, pricePerMb: 0.25 }).cost,
    ).toBe("less than K0.01 of data");
  });
});

describe("describeCopies", () => {
  it("names the lite copy first, each with its size and data cost", () => {
    expect(
      describeCopies({ liteBytes: 2_100_000, fullBytes: 11_800_000, pricePerMb: 0.1864 }),
    ).toEqual({ lite: "Lite, 2.1 MB · K0.39", full: "Full, 12 MB · K2.20" });
  });

  it("leaves out the cost when the price of data is not known", () => {
    expect(describeCopies({ liteBytes: 900_000, fullBytes: 4_000_000 })).toEqual({
      lite: "Lite, 900 KB",
      full: "Full, 4 MB",
    });
  });
});
