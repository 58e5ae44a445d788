import { describe, expect, it } from "vitest";
import { boundedWork, BusyError } from "./bounded-work";

/** Work that finishes only when the test says so. */
function heldWork() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe("boundedWork", () => {
  it("runs up to the bound at once, queues the next ones in order and refuses the rest", async () => {
    const run = boundedWork({ running: 2, waiting: 2 });
    const started: number[] = [];
    const held = Array.from({ length: 4 }, () => heldWork());
    const results = held.map((piece, index) =>
      run(() => {
        started.push(index);
        return piece.work();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    await expect(run(() => Promise.resolve())).rejects.toBeInstanceOf(BusyError);
    held[0]!.finish();
    await results[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const piece of held) piece.finish();
    await Promise.all(results);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it("frees its place when work fails", async () => {
    const run = boundedWork({ running: 1, waiting: 0 });
    await expect(run(() => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    await expect(run(() => Promise.resolve("next"))).resolves.toBe("next");
  });

  it("serves waiting clients in turn, and refuses a client past its share", async () => {
    const run = boundedWork({ running: 1, waiting: 10, waitingPerClient: 4 });
    const started: string[] = [];
    const held = heldWork();
    const first = run(held.work, "flood");
    const queued = ["flood", "flood", "flood", "flood", "student"].map((client, index) =>
      run(() => Promise.resolve(void started.push(`${client}${index}`)), client),
    );
    await expect(run(() => Promise.resolve(), "flood")).rejects.toBeInstanceOf(BusyError);
    held.finish();
    await Promise.all([first, ...queued]);
    expect(started).toEqual(["flood0", "student4", "flood1", "flood2", "flood3"]);
  });

  it("runs a client's work up to its own bound, and lets other clients past it", async () => {
    const run = boundedWork({ running: 4, runningPerClient: 2, waiting: 10 });
    const started: string[] = [];
    const held = Array.from({ length: 4 }, () => heldWork());
    const flood = held.map((piece, index) =>
      run(() => (started.push(`flood${index}`), piece.work()), "flood"),
    );
    await run(() => Promise.resolve(void started.push("student")), "student");
    expect(started).toEqual(["flood0", "flood1", "student"]);
    held[0]!.finish();
    await flood[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["flood0", "flood1", "student", "flood2"]);
    for (const piece of held) piece.finish();
    await Promise.all(flood);
    expect(started).toHaveLength(5);
  });
});
