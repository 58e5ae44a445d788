// Browser-safe: the server's pages and the My progress page script write dates the same way.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Zambia keeps UTC+2 all year, with no summer time: a fixed offset gives Lusaka's day without
 * the time-zone data a cheap phone's browser may lack, and keeps the page script small.
 */
const LUSAKA_OFFSET_MS = 2 * 3600_000;

/** "23 Nov 2026", the day on Lusaka's clock: an attempt at 23:30 there counts on that day. */
export function dayText(date: Date): string {
  const lusaka = new Date(date.getTime() + LUSAKA_OFFSET_MS);
  if (Number.isNaN(lusaka.getTime())) return "";
  return `${lusaka.getUTCDate()} ${MONTHS[lusaka.getUTCMonth()]} ${lusaka.getUTCFullYear()}`;
}
