/**
 * Which catalogue entry each file of a bulk import belongs to (docs/content-import.md), as
 * plain functions: the import reads the folder or manifest, these decide, and nothing is
 * stored for a file they cannot place.
 */
import path from "node:path";
import { slugify } from "./catalogue-rows";

/**
 * A PDF replaces the entry's file; a picture becomes its cover; audio or video becomes a
 * podcast episode's or video lesson's file, played on its page.
 */
type ImportRole = "file" | "cover" | "media";

export type PlannedFile = { source: string; key: string; role: ImportRole };
type UnplacedFile = { source: string; reason: string };
export type ImportPlan = { planned: PlannedFile[]; unplaced: UnplacedFile[] };

const ROLE_BY_EXTENSION: Record<string, ImportRole> = {
  ".pdf": "file",
  ".jpg": "cover",
  ".jpeg": "cover",
  ".png": "cover",
  ".webp": "cover",
  ".gif": "cover",
  ".tif": "cover",
  ".tiff": "cover",
  ".avif": "cover",
  ".mp3": "media",
  ".m4a": "media",
  ".ogg": "media",
  ".oga": "media",
  ".mp4": "media",
  ".webm": "media",
};

/**
 * The keys a file's place in the folder names, most specific first: its path without the
 * extension, folders joined by "-" ("patho/2019/Test 1.pdf" is patho-2019-test-1), then its
 * name alone ("patho-2019-test-1.pdf" anywhere in the folder).
 */
export function keysNamedBy(relativePath: string): string[] {
  const parts = relativePath.split(/[\\/]+/).filter(Boolean);
  const last = parts.at(-1) ?? "";
  const stem = last.slice(0, last.length - path.extname(last).length);
  const whole = slugify([...parts.slice(0, -1), stem].join(" "));
  const alone = slugify(stem);
  return [...new Set([whole, alone])].filter(Boolean);
}

/** What a file's name says it is for, or why it is left out. */
function roleOf(source: string): ImportRole | UnplacedFile {
  const role = ROLE_BY_EXTENSION[path.extname(source).toLowerCase()];
  return (
    role ?? {
      source,
      reason: "not a .pdf, picture (.jpg, .png, .webp, .gif, .tif, .avif), audio or video file",
    }
  );
}

/** A file whose name starts with a dot, or a folder listing a system leaves behind. */
function isHiddenOrSystemFile(relativePath: string): boolean {
  const name = path.basename(relativePath);
  return name.startsWith(".") || /^(thumbs\.db|desktop\.ini)$/i.test(name);
}

/**
 * Places every file of a folder by its path (`keysNamedBy`). Two files for one entry's file
 * or cover are both left out: the import never picks one of them by chance.
 */
export function planFolderImport(
  relativePaths: readonly string[],
  keys: ReadonlySet<string>,
): ImportPlan {
  return plan(
    relativePaths
      .filter((source) => !isHiddenOrSystemFile(source))
      .map((source) => ({
        source,
        key: keysNamedBy(source).find((key) => keys.has(key)),
      })),
    keys,
  );
}

/** Places the files a manifest names against their keys, checked against the catalogue. */
export function planManifestImport(
  rows: readonly { key: string; source: string }[],
  keys: ReadonlySet<string>,
): ImportPlan {
  return plan(
    rows.map(({ key, source }) => ({ source, key: key.trim().toLowerCase(), named: key })),
    keys,
  );
}

function plan(
  files: readonly { source: string; key: string | undefined; named?: string }[],
  keys: ReadonlySet<string>,
): ImportPlan {
  const planned: PlannedFile[] = [];
  const unplaced: UnplacedFile[] = [];
  for (const { source, key, named } of files) {
    const role = roleOf(source);
    if (typeof role !== "string") unplaced.push(role);
    else if (key === undefined || !keys.has(key))
      unplaced.push({
        source,
        reason:
          named === undefined
            ? "its name matches no catalogue entry"
            : `no catalogue entry has the key "${named}"`,
      });
    else planned.push({ source, key, role });
  }
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
