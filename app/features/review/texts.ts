import { countOf } from "#app/lib/plural";
import { dayText } from "#app/lib/day-text";

/** What home, the menu and My progress say: "3 questions to review today". */
export const dueTodayText = (count: number) => `${countOf(count, "question")} to review today`;

export const nextDueText = (next: { day: Date; count: number }) =>
  `The next ${next.count === 1 ? "question is" : `${countOf(next.count, "question")} are`} due on ${dayText(next.day)}.`;

export const nextReviewText = (due: Date) => `It comes back for review on ${dayText(due)}.`;
export const LEFT_QUEUE_TEXT = "Right three times in a row: it leaves your review queue.";
export const EMPTY_QUEUE_TEXT =
  "Your review queue is empty. Every question you get wrong in a Brain Booster quiz comes back here until you know it.";
