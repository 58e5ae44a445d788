/**
 * A lite copy of a PDF for reading on a phone (docs/decisions/0064-lite-pdf-copies.md): its
 * pictures (a scanned page is one) brought down to about LITE_DPI on the page and to
 * greyscale where they have no colour, re-encoded as JPEG; its text, fonts and drawings
 * left exactly as they were, so text stays text. Kept only when it saves at least
 * 1 - KEEP_BELOW of the bytes.
 *
 * The PDF library is loaded when a PDF is first checked or lightened, not at start: it is
 * nearly a megabyte of code that no page needs (docs/decisions/0057-start-within-a-second.md).
 */
export const LITE_DPI = 110;
/** A lite copy is kept only when at most this share of the full file's bytes. */
export const KEEP_BELOW = 0.7;

export type PdfProblem = { problem: string };

export type LiteCopy =
  { made: true; bytes: Uint8Array; picturesLightened: number } | { made: false; reason: string };

/**
 * Whether a PDF can be offered to students: it opens without a password, parses, and
 * carries no script or program launch. Null when it can.
 */
export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  return (await import("./lite-pdf-maker.server")).pdfProblem(bytes);
}

/** The lite copy of `bytes`, or why there is none. Never throws for a bad PDF. */
export async function makeLitePdf(bytes: Uint8Array): Promise<LiteCopy> {
  return (await import("./lite-pdf-maker.server")).makeLitePdf(bytes);
}
