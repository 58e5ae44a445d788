/**
 * A lite copy of a PDF for reading on a phone (docs/decisions/0064-lite-pdf-copies.md), made
 * by lite-pdf-maker.server.ts. The PDF library is loaded when a PDF is first checked or
 * lightened, not at start: nearly a megabyte of code that no page needs
 * (docs/decisions/0057-start-within-a-second.md).
 */
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
