/**
 * A real, if blank, one-page PDF of `byteSize` bytes or a little more: what tests upload
 * where any PDF will do. It opens like any PDF, so the site takes it (an upload that is not
 * a PDF students can open is refused: app/features/downloads/lite-pdf.server.ts). `note`
 * makes its bytes, and so its sha256, its own; the bulk is a stream no page draws, of
 * `filler` (random bytes, for a file no store can shrink) or of "x".
 */
export function placeholderPdf(
  note: string,
  byteSize = 4_000,
  { filler }: { filler?: (length: number) => Buffer } = {},
): Buffer {
  const head = Buffer.from(
    `%PDF-1.4\n% ${note.replaceAll(/[\r\n]/g, " ")}\n` +
      "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
      "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
      "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\n",
    "latin1",
  );
  const tail = Buffer.from("trailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1");
  const length = Math.max(1, byteSize - head.length - tail.length - 64);
  const bulk = filler?.(length) ?? Buffer.alloc(length, "x");
  return Buffer.concat([
    head,
    Buffer.from(`4 0 obj\n<< /Length ${length} >>\nstream\n`, "latin1"),
    bulk,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
    tail,
  ]);
}
