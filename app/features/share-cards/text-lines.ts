// Widths in em, DejaVu Sans Bold's rounded up: narrower fonts fit too (docs/decisions/0035-share-cards.md).
const NARROW = new Set(" .,:;'!|/ijlIJ");
const SEMI_NARROW = new Set('frt()[]{}-–"');
const WIDEST = new Set("mwMW@%");

function charWidthEm(char: string): number {
  if (NARROW.has(char)) return 0.45;
  if (SEMI_NARROW.has(char)) return 0.52;
  if (WIDEST.has(char)) return 1.1;
  const code = char.codePointAt(0) ?? 0;
  // CJK, Hangul and emoji.
  if (code >= 0x1100) return 1.1;
  if ((char >= "A" && char <= "Z") || code > 0x7f) return 0.85;
  return 0.72;
}

export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) width += charWidthEm(char);
  return width;
}

const ELLIPSIS = "…";

export function wrapText(
  text: string,
  { maxWidthEm, maxLines }: { maxWidthEm: number; maxLines: number },
): { lines: string[]; cut: boolean } {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (textWidthEm(joined) <= maxWidthEm) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    // A word wider than a line is cut into pieces; the last begins the next line.
    const pieces = piecesOf(word, maxWidthEm);
    line = pieces.pop()!;
    lines.push(...pieces);
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return { lines, cut: false };
  const shown = lines.slice(0, maxLines);
  shown[maxLines - 1] = withEllipsis(shown[maxLines - 1]!, maxWidthEm);
  return { lines: shown, cut: true };
}

function piecesOf(word: string, maxWidthEm: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const char of word) {
    if (piece && textWidthEm(piece + char) > maxWidthEm) {
      pieces.push(piece);
      piece = "";
    }
    piece += char;
  }
  return [...pieces, piece];
}

function withEllipsis(line: string, maxWidthEm: number): string {
  let shortened = line;
  while (shortened && textWidthEm(shortened + ELLIPSIS) > maxWidthEm) {
    const lastSpace = shortened.lastIndexOf(" ");
    shortened =
      lastSpace > 0 ? shortened.slice(0, lastSpace) : [...shortened].slice(0, -1).join("");
  }
  return `${shortened.replace(/[\s.,:;–-]+$/, "")}${ELLIPSIS}`;
}

export const TITLE_SIZES = [
  { fontSize: 72, maxLines: 3 },
  { fontSize: 60, maxLines: 4 },
  { fontSize: 48, maxLines: 5 },
] as const;

/** The largest size at which the whole title fits; else the smallest, cut with "…". */
export function fitTitle(title: string, widthPx: number): { fontSize: number; lines: string[] } {
  let fitted = { fontSize: 0, lines: [] as string[] };
  for (const { fontSize, maxLines } of TITLE_SIZES) {
    const wrapped = wrapText(title, { maxWidthEm: widthPx / fontSize, maxLines });
    fitted = { fontSize, lines: wrapped.lines };
    if (!wrapped.cut) break;
  }
  return fitted;
}
