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

/** "Sample file — the real booklet will be added later." (docs/decisions/0032-honest-samples.md) */
export function sampleNote(kinds: readonly MaterialKind[]): string | null {
  const things = [...new Set(kinds)].map((kind) => REAL_FILE[kind]);
  if (things.length === 0) return null;
  const listed =
    things.length === 1 ? things[0] : `${things.slice(0, -1).join(", ")} and ${things.at(-1)}`;
  return `${kinds.length === 1 ? "Sample file" : "Sample files"} — the real ${listed} will be added later.`;
}
