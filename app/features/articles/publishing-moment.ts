// Zambia keeps one offset all year; articles' dates and times are Zambia time (content/articles/README.md).
const ZAMBIA = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lusaka",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The date and time an article shows: when it was published, in Zambia. */
export function publishingMoment(now: Date): { date: string; time: string } {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    ZAMBIA.formatToParts(now).find((found) => found.type === type)!.value;
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
  };
}
