import type { MaterialKind } from "#database/schema";

/** What the real file behind a sample is, in the words a student would use. */
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
 * What a card or row says while its files are the generated samples of a fresh install
 * (docs/decisions/0032-honest-samples.md): "Sample file — the real booklet will be added
 * later." Null when nothing it offers is a sample.
 */
export function sampleNote(kinds: readonly MaterialKind[]): string | null {
  const things = [...new Set(kinds)].map((kind) => REAL_FILE[kind]);
  if (things.length === 0) return null;
  const listed =
    things.length === 1 ? things[0] : `${things.slice(0, -1).join(", ")} and ${things.at(-1)}`;
  return `${kinds.length === 1 ? "Sample file" : "Sample files"} — the real ${listed} will be added later.`;
}
