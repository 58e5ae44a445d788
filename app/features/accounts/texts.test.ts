import { describe, expect, it } from "vitest";
import { withWait } from "#app/lib/plural";
import { MESSAGES } from "./texts";

describe("withWait", () => {
  it.each([
    [0.2, "1 second"],
    [1, "1 second"],
    [45, "45 seconds"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [900, "15 minutes"],
    [3600, "1 hour"],
    [5400, "2 hours"],
  ])("says a wait of %s s as %s, after the message", (seconds, wait) => {
    expect(withWait(MESSAGES.busy, seconds)).toBe(`${MESSAGES.busy} You can try again in ${wait}.`);
  });
});
