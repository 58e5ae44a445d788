/**
 * The parts of the My progress page that its script (app/page-scripts/progress.ts) fills, by
 * id. The texts come from the server's page (docs/decisions/0030-small-page-scripts.md).
 */
export const PROGRESS_PART = {
  /** Signed in: the one line that says waiting results were sent (texts in its data attributes). */
  status: "progress-status",
  /** Not signed in: the "On this phone" list and its parts. */
  phoneList: "phone-attempts",
  phoneItem: "phone-attempt",
  phoneNoScript: "phone-no-script",
  phoneEmpty: "phone-empty",
  /** JSON: each quiz's title and key, to name and mark the attempts kept on the phone. */
  quizData: "progress-quizzes",
} as const;

/** Each quiz as the page script reads it from the page: its title, and its key as letters ("BCAB…"). */
export type PhoneQuizData = Record<string, { title: string; key: string }>;

/** How long the "sent" line shows before the page reloads with the results in it. */
export const RELOAD_AFTER_SENT_MS = 1_500;
