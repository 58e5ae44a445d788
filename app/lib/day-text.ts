const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// Zambia is UTC+2 all year: a fixed offset needs no time-zone data, which a cheap phone may lack.
const LUSAKA_OFFSET_MS = 2 * 3600_000;

export function dayText(date: Date): string {
  const lusaka = new Date(date.getTime() + LUSAKA_OFFSET_MS);
  if (Number.isNaN(lusaka.getTime())) return "";
  return `${lusaka.getUTCDate()} ${MONTHS[lusaka.getUTCMonth()]} ${lusaka.getUTCFullYear()}`;
}
