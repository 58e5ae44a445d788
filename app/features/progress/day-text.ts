// Browser-safe: the server's pages and the My progress page script write dates the same way.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Zambia's clock: an attempt made at 23:30 in Lusaka counts on that day, not the next. */
const LUSAKA = new Intl.DateTimeFormat("en-US", {
  timeZone: "Africa/Lusaka",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

/**
 * "23 Nov 2026", the day as a student in Zambia reads it. The month names are our own, so
 * that no browser's or Node's locale data turns "Sep" into "Sept".
 */
export function dayText(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const parts = Object.fromEntries(
    LUSAKA.formatToParts(date).map((part) => [part.type, part.value]),
  );
  return `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}`;
}
