import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  colourDiagramPdf,
  corruptPdf,
  lockedPdf,
  scannedPdf,
  scriptedPdf,
  textPdf,
} from "#tests/setup/pdf-fixtures";
import { LITE_DPI } from "./lite-pdf-maker.server";
import { makeLitePdf, pdfProblem } from "./lite-pdf.server";

/** The first picture drawn on a page: its JPEG bytes and how wide it is on the page, in inches. */
async function firstPicture(bytes: Uint8Array, pageIndex = 0) {
  const document = await PDFDocument.load(bytes);
  const page = document.getPages()[pageIndex]!;
  const pictures = page.node.Resources()?.lookup(PDFName.of("XObject"), PDFDict);
  for (const [, ref] of pictures?.entries() ?? []) {
    const stream = document.context.lookup(ref);
    if (
      stream instanceof PDFRawStream &&
      stream.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")
    )
      return { jpeg: Buffer.from(stream.contents), pageInches: page.getWidth() / 72 };
  }
  throw new Error("no picture on the page");
}

/** Each page's content streams as stored: the text and drawing operators, untouched or not. */
async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  return document.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFStream ? [contents] : (contents?.asArray() ?? []);
    return streams
      .map((item) => document.context.lookup(item))
      .map((stream) => Buffer.from((stream as PDFRawStream).contents).toString("base64"))
      .join("|");
  });
}

/**
 * Peak signal-to-noise ratio, in dB, between two greyscale pictures of one size: above 30 dB
 * the differences are JPEG's grain, not lost strokes.
 */
function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let at = 0; at < a.length; at++) sum += (a[at]! - b[at]!) ** 2;
  return 10 * Math.log10(255 ** 2 / (sum / a.length));
}

describe("a lite copy of a PDF", () => {
  let scanned: Uint8Array;
  beforeAll(async () => {
    scanned = await scannedPdf(40);
  }, 60_000);

  it(
    "makes a 40-page scan at least 3× smaller, grey, still legible",
    { timeout: 60_000 },
    async () => {
      expect(scanned.byteLength).toBeGreaterThan(8_000_000);
      const lite = await makeLitePdf(scanned);
      if (!lite.made) throw new Error(`no lite copy: ${lite.reason}`);
      expect(lite.picturesLightened).toBe(40);
      expect(lite.bytes.byteLength * 3).toBeLessThanOrEqual(scanned.byteLength);

      // Legible, measured on the first page: the lite picture keeps at least LITE_DPI less
      // rounding across the page, and compared with the original brought to the same size it
      // differs by JPEG's grain only (PSNR at least 30 dB), not by lost strokes.
      const before = await firstPicture(scanned);
      const after = await firstPicture(lite.bytes);
      const shrunk = await sharp(after.jpeg).metadata();
      expect(shrunk.channels).toBe(1);
      expect(shrunk.width / after.pageInches).toBeGreaterThanOrEqual(LITE_DPI - 1);
      const size = { width: shrunk.width, height: shrunk.height };
      const expected = await sharp(before.jpeg)
        .resize(size.width, size.height, { fit: "fill" })
        .greyscale()
        .raw()
        .toBuffer();
      const got = await sharp(after.jpeg).greyscale().raw().toBuffer();
      expect(psnr(expected, got)).toBeGreaterThan(30);
    },
  );

  it(
    "keeps a text PDF's text as it was, its fonts embedded, and lightens its photograph",
    { timeout: 30_000 },
    async () => {
      const original = await textPdf();
      const lite = await makeLitePdf(original);
      if (!lite.made) throw new Error(`no lite copy: ${lite.reason}`);
      expect(await pageContents(lite.bytes)).toEqual(await pageContents(original));
      const fonts = async (bytes: Uint8Array) =>
        (await PDFDocument.load(bytes)).context
          .enumerateIndirectObjects()
          .filter(([, object]) => object instanceof PDFDict && object.has(PDFName.of("FontFile2")))
          .length;
      expect(await fonts(original)).toBe(1);
      expect(await fonts(lite.bytes)).toBe(1);
    },
  );

  it("keeps a colour diagram in colour", { timeout: 30_000 }, async () => {
    const original = await colourDiagramPdf();
    const lite = await makeLitePdf(original);
    if (!lite.made) throw new Error(`no lite copy: ${lite.reason}`);
    expect((await sharp((await firstPicture(lite.bytes)).jpeg).metadata()).channels).toBe(3);
  });

  it("makes none, and says why, for a PDF with nothing to lighten", async () => {
    const document = await PDFDocument.create();
    document.addPage().drawText("Only words.");
    expect(await makeLitePdf(await document.save())).toEqual({
      made: false,
      reason: "it has no pictures that a lite copy would make smaller",
    });
  });

  it.each([
    ["a damaged PDF", corruptPdf, "it is damaged: it could not be read as a PDF"],
    [
      "a PDF that runs a script",
      scriptedPdf,
      "it carries a script or a program to launch, which the site never serves",
    ],
    [
      "a PDF locked with a password",
      lockedPdf,
      "it is locked with a password, so students could not open it",
    ],
  ])("refuses %s with the reason, and makes no copy of it", async (_name, make, reason) => {
    const bytes = await make();
    expect(await pdfProblem(bytes)).toEqual({ problem: reason });
    expect(await makeLitePdf(bytes)).toEqual({ made: false, reason });
  });

  it("finds nothing wrong with a plain PDF", async () => {
    expect(await pdfProblem(await textPdf())).toBeNull();
  });
});
