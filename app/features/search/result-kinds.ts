/** What each kind of result is called on the results page. */
const KIND_LABELS: Record<string, string> = {
  book: "Book",
  topic_booklet: "Tutorial booklet",
  practice_test: "Practice test",
  practice_test_answers: "Practice test answers",
  past_paper: "Past paper",
  topical_pdf: "Notes",
  product: "Revision pack",
  app_file: "Android app",
  video_lesson: "Video lesson",
  podcast_episode: "Podcast",
  subject: "Subject page",
  article: "Smartify article",
  quiz: "Brain Booster quiz",
  question: "Quiz question",
};

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? "Page";
}
