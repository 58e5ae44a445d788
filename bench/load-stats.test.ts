import { describe, expect, it } from "vitest";
import { percentile, summarise } from "./load-stats";

describe("percentile", () => {
  const values = Array.from({ length: 100 }, (_, index) => index + 1);

  it("takes the nearest rank", () => {
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
  });

  it("is 0 with no values", () => {
    expect(percentile([], 99)).toBe(0);
  });
});

describe("summarise", () => {
  it("counts requests, errors and rate per kind, and overall", () => {
    const rows = summarise(
      [
        { kind: "page", ms: 10, ok: true },
        { kind: "page", ms: 30, ok: false },
        { kind: "login", ms: 80, ok: true },
      ],
      2,
    );
    expect(rows).toEqual([
      { kind: "page", requests: 2, errors: 1, perSecond: 1, p50: 10, p95: 30, p99: 30, max: 30 },
      { kind: "login", requests: 1, errors: 0, perSecond: 0.5, p50: 80, p95: 80, p99: 80, max: 80 },
      { kind: "all", requests: 3, errors: 1, perSecond: 1.5, p50: 30, p95: 80, p99: 80, max: 80 },
    ]);
  });
});

describe("pickAction", () => {
  it("splits the taps by the weights, mostly reading", async () => {
    const { pickAction } = await import("./load-students");
    const counts = new Map<string, number>();
    for (let step = 0; step < 1000; step++) {
      const action = pickAction(step / 1000);
      counts.set(action, (counts.get(action) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({
      page: 440,
      class: 50,
      "class page": 30,
      list: 100,
      data: 170,
      download: 170,
      login: 40,
    });
  });
});
