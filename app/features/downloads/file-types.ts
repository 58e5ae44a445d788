// Decided by the first bytes, never the name (docs/security.md#uploads).
export type UploadKind = "pdf" | "image" | "cover" | "audio" | "video";

// "picture": one browsers may not show, taken only as a cover the site turns into WebP.
type DetectedKind = "pdf" | "image" | "picture" | "audio" | "video";

export type DetectedType = { contentType: string; extension: string; kind: DetectedKind };

export function accepts(accept: UploadKind, detected: DetectedType | null): boolean {
  if (!detected) return false;
  if (accept === "cover") return detected.kind === "image" || detected.kind === "picture";
  return detected.kind === accept;
}

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
  const signature = head.subarray(0, 6).toString("latin1");
  if (signature === "GIF87a" || signature === "GIF89a")
    return { contentType: "image/gif", extension: ".gif", kind: "picture" };
  if (signature.startsWith("II*\0") || signature.startsWith("MM\0*"))
    return { contentType: "image/tiff", extension: ".tif", kind: "picture" };
  // AVIF is an ISO media file too: told from MP4 by its brand, before the media below.
  if (head.subarray(4, 12).toString("latin1") === "ftypavif")
    return { contentType: "image/avif", extension: ".avif", kind: "picture" };
  return detectMediaType(head);
}

function detectMediaType(head: Buffer): DetectedType | null {
  // MP3: an ID3 tag first, or straight into an MPEG audio frame (11 bits of sync).
  if (
    head.subarray(0, 3).toString("latin1") === "ID3" ||
    (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)
  )
    return { contentType: "audio/mpeg", extension: ".mp3", kind: "audio" };
  if (head.subarray(0, 4).toString("latin1") === "OggS")
    return { contentType: "audio/ogg", extension: ".ogg", kind: "audio" };
  if (head.subarray(4, 8).toString("latin1") === "ftyp") {
    return head.subarray(8, 11).toString("latin1") === "M4A"
      ? { contentType: "audio/mp4", extension: ".m4a", kind: "audio" }
      : { contentType: "video/mp4", extension: ".mp4", kind: "video" };
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])))
    return { contentType: "video/webm", extension: ".webm", kind: "video" };
  return null;
}

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
