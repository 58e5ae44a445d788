import { describe, expect, it } from "vitest";
import { dueText, lusakaToday, setByText } from "./due-text";

// Friday 27 November 2026, 10:00 in Lusaka.
const NOW = new Date("2026-11-27T08:00:00Z");

describe("a set quiz's due day", () => {
  it("is Lusaka's date, which turns at 22:00 UTC", () => {
    expect(lusakaToday(new Date("2026-11-27T21:59:00Z"))).toBe("2026-11-27");
    expect(lusakaToday(new Date("2026-11-27T22:00:00Z"))).toBe("2026-11-28");
  });

  it("reads as a weekday within the coming week and as a date beyond it", () => {
    expect(dueText("2026-11-27", NOW)).toBe("due today");
    expect(dueText("2026-11-28", NOW)).toBe("due tomorrow");
    expect(dueText("2026-12-02", NOW)).toBe("due Wednesday");
    expect(dueText("2026-12-04", NOW)).toBe("due 4 Dec 2026");
    expect(dueText("2026-11-20", NOW)).toBe("was due 20 Nov 2026");
    expect(dueText(null, NOW)).toBe("");
  });

  it("makes the line a student sees on Home and My progress", () => {
    expect(setByText("Grade 11 Biology", "Enzymes", "due Friday")).toBe(
      "Set by Grade 11 Biology: Enzymes, due Friday",
    );
    expect(setByText("Grade 11 Biology", "Enzymes", "")).toBe("Set by Grade 11 Biology: Enzymes");
  });
});
