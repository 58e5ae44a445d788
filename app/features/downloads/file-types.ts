/**
 * What an upload is, decided by its first bytes and never by its name (docs/security.md, "Uploads"): an
 * executable renamed "notes.pdf" is still an executable.
 */
export type UploadKind = "pdf" | "image";

export type DetectedType = { contentType: string; extension: string; kind: UploadKind };

export function detectFileType(head: Buffer): DetectedType | null {
  if (head.subarray(0, 5).toString("latin1") === "%PDF-")
    return { contentType: "application/pdf", extension: ".pdf", kind: "pdf" };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { contentType: "image/png", extension: ".png", kind: "image" };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { contentType: "image/jpeg", extension: ".jpg", kind: "image" };
  if (
    head.subarray(0, 4).toString("latin1") === "RIFF" &&
    head.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return { contentType: "image/webp", extension: ".webp", kind: "image" };
  }
  return null;
}

/** A file name safe to show and to send in Content-Disposition: letters, digits, spaces and . , ( ) & - _ */
export function cleanFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .replace(/\.[^.]*$/, "")
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N} .,()&_–-]+/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 120);
  return `${base || "file"}${extension}`;
}
