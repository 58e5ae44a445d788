import { describe, expect, it } from "vitest";
import { publishingMoment } from "./publishing-moment";

describe("the moment an article shows", () => {
  it("is when it was published, in Zambia time, two hours ahead of UTC", () => {
    expect(publishingMoment(new Date("2026-11-27T13:05:00Z"))).toEqual({
      date: "2026-11-27",
      time: "15:05",
    });
    expect(publishingMoment(new Date("2026-12-31T22:30:00Z"))).toEqual({
      date: "2027-01-01",
      time: "00:30",
    });
  });
});
