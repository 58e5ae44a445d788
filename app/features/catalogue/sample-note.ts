import type { MaterialKind } from "#database/schema";

const REAL_FILE: Record<MaterialKind, string> = {
  book: "book",
  topic_booklet: "booklet",
  practice_test: "practice test",
  practice_test_answers: "answers",
  past_paper: "paper",
  topical_pdf: "PDF",
  product: "file",
  app_file: "app",
  video_lesson: "lesson",
  podcast_episode: "episode",
};

/**
 * What a page's description adds in its link preview while every file on it is a sample: a
 * preview must not promise papers or answers that are not there yet
 * (docs/decisions/0089-one-way-to-say-free.md).
 */
export function describedHonestly(
  description: string,
  downloads: readonly ({ sample: string | null } | null)[],
): string {
  const allSamples = downloads.length > 0 && downloads.every((download) => download?.sample);
  return allSamples
    ? `${description} Sample files for now: the real ones will be added later.`
    : description;
}

const REAL_FILES: Record<MaterialKind, string> = {
  book: "books",
  topic_booklet: "booklets",
  practice_test: "practice tests",
  practice_test_answers: "answers",
  past_paper: "papers",
  topical_pdf: "PDFs",
  product: "files",
  app_file: "apps",
  video_lesson: "lessons",
  podcast_episode: "episodes",
};

/** "booklet", "booklet and answers", "booklet, practice test and answers". */
function listOf(kinds: readonly MaterialKind[], words: Record<MaterialKind, string>) {
  const things = [...new Set(kinds)].map((kind) => words[kind]);
  return things.length === 1 ? things[0] : `${things.slice(0, -1).join(", ")} and ${things.at(-1)}`;
}

/** "Sample file — the real booklet will be added later." (docs/decisions/0032-honest-samples.md) */
export function sampleNote(kinds: readonly MaterialKind[]): string | null {
  if (kinds.length === 0) return null;
  return `${kinds.length === 1 ? "Sample file" : "Sample files"} — the real ${listOf(kinds, REAL_FILE)} will be added later.`;
}

/** Said once, above a page whose every file is a sample (docs/decisions/0104-subject-pages-half-as-long.md). */
export function wholePageSampleNote(kinds: readonly MaterialKind[]): string | null {
  if (kinds.length === 0) return null;
  return `Every file on this page is a sample for now — the real ${listOf(kinds, REAL_FILES)} will be added later.`;
}
