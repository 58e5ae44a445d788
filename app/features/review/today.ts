// Apart from schedule.ts, so that the offline helper counts due questions without FSRS.

// Zambia is UTC+2 all year (app/lib/day-text.ts says why a fixed offset).
const LUSAKA_OFFSET_MS = 2 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The first moment of the next day in Lusaka: what is due before it is due today. */
export function endOfToday(now: Date): Date {
  const lusaka = now.getTime() + LUSAKA_OFFSET_MS;
  return new Date(Math.floor(lusaka / DAY_MS) * DAY_MS + DAY_MS - LUSAKA_OFFSET_MS);
}
