// The PDF library, a megabyte of code, loads on first use (docs/decisions/0064-lite-pdf-copies.md).
export type PdfProblem = { problem: string };

export type LiteCopy =
  { made: true; bytes: Uint8Array; picturesLightened: number } | { made: false; reason: string };

/** Null when students can open it: no password, it parses, no script or program launch. */
export async function pdfProblem(bytes: Uint8Array): Promise<PdfProblem | null> {
  return (await import("./lite-pdf-maker.server")).pdfProblem(bytes);
}

export async function makeLitePdf(bytes: Uint8Array): Promise<LiteCopy> {
  return (await import("./lite-pdf-maker.server")).makeLitePdf(bytes);
}
