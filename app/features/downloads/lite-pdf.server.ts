// The PDF library is loaded when first used, not at start: nearly a megabyte of code that
// no page needs (docs/decisions/0057-start-within-a-second.md).
export type PdfProblem = { problem: string };

export type LiteCopy =
  { made: true; bytes: Uint8Array; picturesLightened: number } | { made: false; reason: string };

/** Null when students can use the PDF: it opens without a password and runs nothing. */
export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  return (await import("./lite-pdf-maker.server")).pdfProblem(bytes);
}

export async function makeLitePdf(bytes: Uint8Array): Promise<LiteCopy> {
  return (await import("./lite-pdf-maker.server")).makeLitePdf(bytes);
}
