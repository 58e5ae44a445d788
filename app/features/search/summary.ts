/** The longest summary search_entries holds: database/migrations/0007_search.sql cuts an article's first paragraph there. */
export const SUMMARY_LENGTH = 200;

/**
 * A summary as the results show it: one the database cut short ends at the last whole word,
 * with an ellipsis, rather than in the middle of a word ("Some stress is n").
 */
export function readableSummary(summary: string): string {
  if (summary.length < SUMMARY_LENGTH) return summary;
  const lastSpace = summary.lastIndexOf(" ");
  const words = lastSpace > SUMMARY_LENGTH / 2 ? summary.slice(0, lastSpace) : summary;
  return `${words.replace(/[\s,;:.–—-]+$/u, "")}…`;
}
