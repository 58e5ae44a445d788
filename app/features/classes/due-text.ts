import { dayText } from "#app/lib/day-text";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
// Zambia is UTC+2 all year (app/lib/day-text.ts): a due day is Lusaka's.
const LUSAKA_OFFSET_MS = 2 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** Today's date in Lusaka, as a due date is stored: "2026-11-27". */
export const lusakaToday = (now: Date) =>
  new Date(now.getTime() + LUSAKA_OFFSET_MS).toISOString().slice(0, 10);

/** "due Friday" within the coming week, "due today", "was due 20 Nov 2026", or "" for none. */
export function dueText(dueOn: string | null, now: Date): string {
  if (!dueOn) return "";
  const due = new Date(`${dueOn}T00:00:00Z`);
  const days = Math.round((due.getTime() - Date.parse(`${lusakaToday(now)}T00:00:00Z`)) / DAY_MS);
  // dayText reads a moment in Lusaka; midday of the due day is that day whatever the offset.
  const date = dayText(new Date(due.getTime() + DAY_MS / 2 - LUSAKA_OFFSET_MS));
  if (days < 0) return `was due ${date}`;
  if (days === 0) return "due today";
  if (days === 1) return "due tomorrow";
  if (days < 7) return `due ${WEEKDAYS[due.getUTCDay()]}`;
  return `due ${date}`;
}

/** "Set by Grade 11 Biology: Enzymes, due Friday" (docs/requirements.md#classes). */
export function setByText(className: string, quizTitle: string, due: string): string {
  return `Set by ${className}: ${quizTitle}${due ? `, ${due}` : ""}`;
}
