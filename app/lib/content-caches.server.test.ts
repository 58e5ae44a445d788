import { afterEach, describe, expect, it, vi } from "vitest";
import { contentChanged, setOnlyWriter, sharedResponses } from "./content-caches.server";

afterEach(() => {
  setOnlyWriter(false);
  sharedResponses.invalidate();
  vi.useRealTimers();
});

describe("answers kept for every student", () => {
  it("last until a change when this process is the database's only writer", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    setOnlyWriter(true);
    await sharedResponses.get("/List/", () => Promise.resolve("[]"));
    vi.setSystemTime(Date.now() + 30 * 60_000);
    expect(sharedResponses.peek("/List/")?.body).toBe("[]");
    contentChanged();
    expect(sharedResponses.peek("/List/")).toBeUndefined();
  });

  it("last five seconds when other processes may change the database", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    setOnlyWriter(false);
    await sharedResponses.get("/List/", () => Promise.resolve("[]"));
    vi.setSystemTime(Date.now() + 4_000);
    expect(sharedResponses.peek("/List/")?.body).toBe("[]");
    vi.setSystemTime(Date.now() + 1_001);
    expect(sharedResponses.peek("/List/")).toBeUndefined();
  });
});
