// Which catalogue entry each file of a bulk import belongs to (docs/content-import.md).
import path from "node:path";
import { slugify } from "./catalogue-rows";
import { entryName, readImportName, type NameReading, type NamedEntry } from "./import-names";

/** A PDF replaces the entry's file, a picture its cover, audio or video its played file. */
type ImportRole = "file" | "cover" | "media";

export type PlannedFile = { source: string; key: string; role: ImportRole };
type UnplacedFile = { source: string; reason: string };
export type ImportPlan = { planned: PlannedFile[]; unplaced: UnplacedFile[] };

const EXTENSIONS: [ImportRole, string[]][] = [
  ["file", [".pdf"]],
  ["cover", [".jpg", ".jpeg", ".png", ".webp", ".gif", ".tif", ".tiff", ".avif"]],
  ["media", [".mp3", ".m4a", ".ogg", ".oga", ".mp4", ".webm"]],
];

/** "patho/2019/Test 1.pdf" names patho-2019-test-1, then test-1: most specific first. */
export function keysNamedBy(relativePath: string): string[] {
  const parts = relativePath.split(/[\\/]+/).filter(Boolean);
  const last = parts.at(-1) ?? "";
  const stem = last.slice(0, last.length - path.extname(last).length);
  const whole = slugify([...parts.slice(0, -1), stem].join(" "));
  const alone = slugify(stem);
  return [...new Set([whole, alone])].filter(Boolean);
}

function roleOf(source: string): ImportRole | undefined {
  const extension = path.extname(source).toLowerCase();
  return EXTENSIONS.find(([, extensions]) => extensions.includes(extension))?.[0];
}

function isHiddenOrSystemFile(relativePath: string): boolean {
  const name = path.basename(relativePath);
  return name.startsWith(".") || /^(thumbs\.db|desktop\.ini)$/i.test(name);
}

/** A key in the path first; else the names people use, read by `readImportName`. */
export function planFolderImport(relativePaths: readonly string[], entries: readonly NamedEntry[]) {
  const keys = new Set(entries.map((entry) => entry.key));
  return plan(
    relativePaths
      .filter((source) => !isHiddenOrSystemFile(source))
      .map((source) => {
        const key = keysNamedBy(source).find((named) => keys.has(named));
        return key ? { source, key } : { source, reading: readImportName(source, entries) };
      }),
    entries,
  );
}

/** A manifest names keys: one the catalogue lacks is never read as a name, only answered with guesses. */
export function planManifestImport(
  rows: readonly { key: string; source: string }[],
  entries: readonly NamedEntry[],
): ImportPlan {
  const keys = new Set(entries.map((entry) => entry.key));
  return plan(
    rows.map(({ key, source }) => {
      const wanted = key.trim().toLowerCase();
      if (keys.has(wanted)) return { source, key: wanted };
      const reading = readImportName(key, entries);
      const guesses = reading.outcome === "resolved" ? [reading.key] : reading.guesses;
      return { source, named: key, reading: { outcome: "unsure" as const, guesses } };
    }),
    entries,
  );
}

type Placing = { source: string; key?: string; named?: string; reading?: NameReading };

function plan(files: readonly Placing[], entries: readonly NamedEntry[]): ImportPlan {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  const planned: PlannedFile[] = [];
  const unplaced: UnplacedFile[] = [];
  for (const { source, key, named, reading } of files) {
    const role = roleOf(source);
    const placed = key ?? (reading?.outcome === "resolved" ? reading.key : undefined);
    if (!role)
      unplaced.push({
        source,
        reason: "not a .pdf, picture (.jpg, .png, .webp, .gif, .tif, .avif), audio or video file",
      });
    else if (placed === undefined) {
      const guesses = reading?.outcome === "unsure" ? reading.guesses : [];
      const meant = guesses.flatMap((guess) => {
        const entry = byKey.get(guess);
        return entry ? [`${guess} (${entryName(entry)})`] : [];
      });
      unplaced.push({
        source,
        reason:
          (named === undefined
            ? "its name matches no catalogue entry"
            : `no catalogue entry has the key "${named}"`) +
          (meant.length > 0 ? `; did you mean ${meant.join(" or ")}?` : ""),
      });
    } else planned.push({ source, key: placed, role });
  }
  // Two files for one slot are both left out: the import never picks one by chance.
  const taken = new Map<string, PlannedFile[]>();
  for (const file of planned) {
    const slot = `${file.key} ${file.role}`;
    taken.set(slot, [...(taken.get(slot) ?? []), file]);
  }
  const placed: PlannedFile[] = [];
  for (const files of taken.values()) {
    if (files.length === 1) placed.push(files[0]!);
    else
      for (const file of files)
        unplaced.push({
          source: file.source,
          reason: `${files.length} files are for the ${file.role} of ${file.key}: keep one`,
        });
  }
  return { planned: placed, unplaced };
}
