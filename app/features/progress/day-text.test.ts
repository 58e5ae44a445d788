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
