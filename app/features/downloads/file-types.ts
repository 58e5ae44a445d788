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

function detected(contentType: string, extension: string, kind: DetectedKind): DetectedType {
  return { contentType, extension, kind };
}

export function detectFileType(head: Buffer): DetectedType | null {
  const bytes = (from: number, to: number) => head.subarray(from, to).toString("latin1");
  if (bytes(0, 5) === "%PDF-") return detected("application/pdf", ".pdf", "pdf");
  if (bytes(0, 8) === "\x89PNG\r\n\x1a\n") return detected("image/png", ".png", "image");
  if (bytes(0, 3) === "\xff\xd8\xff") return detected("image/jpeg", ".jpg", "image");
  if (bytes(0, 4) === "RIFF" && bytes(8, 12) === "WEBP")
    return detected("image/webp", ".webp", "image");
  if (["GIF87a", "GIF89a"].includes(bytes(0, 6))) return detected("image/gif", ".gif", "picture");
  if (["II*\0", "MM\0*"].includes(bytes(0, 4))) return detected("image/tiff", ".tif", "picture");
  // AVIF is an ISO media file too: told from MP4 by its brand, before the media below.
  if (bytes(4, 12) === "ftypavif") return detected("image/avif", ".avif", "picture");
  // MP3: an ID3 tag first, or straight into an MPEG audio frame (11 bits of sync).
  if (bytes(0, 3) === "ID3" || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0))
    return detected("audio/mpeg", ".mp3", "audio");
  if (bytes(0, 4) === "OggS") return detected("audio/ogg", ".ogg", "audio");
  if (bytes(4, 8) === "ftyp")
    return bytes(8, 11) === "M4A"
      ? detected("audio/mp4", ".m4a", "audio")
      : detected("video/mp4", ".mp4", "video");
  if (bytes(0, 4) === "\x1a\x45\xdf\xa3") return detected("video/webm", ".webm", "video");
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

/** A 50-megapixel phone photo; a bigger picture would stall a cheap phone, or the server, decoding it. */
export const MAX_PICTURE_PIXELS = 50_000_000;
