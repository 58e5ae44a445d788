export type ByteRange = { start: number; end: number };

/**
 * Reads a single-range `Range: bytes=…` header (RFC 9110 §14.1.2) against a file of
 * `size` bytes. `null` means "send the whole file" (no header, or one we do not serve,
 * such as several ranges); "unsatisfiable" means 416.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === "" && last === "") return null;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
