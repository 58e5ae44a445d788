import { describe, expect, it } from "vitest";
import { dayText } from "./day-text";

describe("dayText", () => {
  it("writes the day, a short month and the year", () => {
    expect(dayText(new Date("2026-11-23T08:00:00Z"))).toBe("23 Nov 2026");
    expect(dayText(new Date("2026-09-05T08:00:00Z"))).toBe("5 Sep 2026");
  });

  it("counts the day on Lusaka's clock, two hours ahead of UTC", () => {
    expect(dayText(new Date("2026-11-23T22:30:00Z"))).toBe("24 Nov 2026");
    expect(dayText(new Date("2026-12-31T21:59:00Z"))).toBe("31 Dec 2026");
  });

  it("writes nothing for a date that cannot be read", () => {
    expect(dayText(new Date("not a date"))).toBe("");
  });
});

describe("dayText against the time-zone database", () => {
  it("agrees with Africa/Lusaka on every day of a year", () => {
    const lusaka = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Africa/Lusaka",
      day: "numeric",
      month: "numeric",
      year: "numeric",
    });
    for (let hour = 0; hour < 366 * 24; hour += 7) {
      const date = new Date(Date.UTC(2026, 0, 1) + hour * 3600_000);
      const [day, month, year] = lusaka.format(date).split("/").map(Number);
      expect(dayText(date)).toBe(
        `${day} ${dayText(new Date(Date.UTC(2026, month! - 1, 15))).split(" ")[1]} ${year}`,
      );
    }
  });
});
