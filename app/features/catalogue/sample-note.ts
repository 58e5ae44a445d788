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

/** "Sample file — the real booklet will be added later." (docs/decisions/0032-honest-samples.md) */
export function sampleNote(kinds: readonly MaterialKind[]): string | null {
  const things = [...new Set(kinds)].map((kind) => REAL_FILE[kind]);
  if (things.length === 0) return null;
  const listed =
    things.length === 1 ? things[0] : `${things.slice(0, -1).join(", ")} and ${things.at(-1)}`;
  return `${kinds.length === 1 ? "Sample file" : "Sample files"} — the real ${listed} will be added later.`;
}
