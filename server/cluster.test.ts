import { describe, expect, it } from "vitest";
import { restartBudget } from "./cluster";

describe("restartBudget", () => {
  it("restarts five stops within a minute, and gives up at the sixth", () => {
    const mayRestart = restartBudget();
    for (let stop = 0; stop < 5; stop++) expect(mayRestart(stop * 1_000)).toBe(true);
    expect(mayRestart(5_000)).toBe(false);
  });

  it("forgets stops older than a minute, so a server that rarely stops is always restarted", () => {
    const mayRestart = restartBudget();
    for (let stop = 0; stop < 100; stop++) expect(mayRestart(stop * 15_000)).toBe(true);
  });
});
