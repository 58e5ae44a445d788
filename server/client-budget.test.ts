import { describe, expect, it } from "vitest";
import { sharedTime } from "./client-budget";

function clock() {
  let at = 0;
  return { now: () => at, pass: (ms: number) => void (at += ms) };
}

describe("sharedTime", () => {
  it("charges a request alone all its time", () => {
    const { now, pass } = clock();
    const stop = sharedTime({ cores: 2, now }).start();
    pass(40);
    expect(stop()).toBe(40);
  });

  it("charges requests up to the cores' number all their time", () => {
    const { now, pass } = clock();
    const time = sharedTime({ cores: 2, now });
    const [first, second] = [time.start(), time.start()];
    pass(30);
    expect([first(), second()]).toEqual([30, 30]);
  });

  it("splits the time among more requests than cores, however long each waited", () => {
    const { now, pass } = clock();
    const time = sharedTime({ cores: 2, now });
    const slow = Array.from({ length: 10 }, () => time.start());
    pass(100); // ten in flight on two cores: each is given 20 ms of these 100
    const late = time.start();
    pass(110); // eleven in flight: 20 ms each
    expect(slow.map((stop) => stop())).toEqual(Array(10).fill(40));
    pass(5); // the late one alone
    expect(late()).toBe(25);
  });

  it("charges a client with most requests in flight most of the server", () => {
    const { now, pass } = clock();
    const time = sharedTime({ cores: 2, now });
    const flood = Array.from({ length: 8 }, () => time.start());
    const student = time.start();
    const other = time.start();
    pass(1000);
    const flooded = flood.reduce((sum, stop) => sum + stop(), 0);
    expect(flooded).toBe(1600);
    expect(student() + other()).toBe(400);
  });

  it("gives the same share however often it is stopped", () => {
    const { now, pass } = clock();
    const stop = sharedTime({ cores: 1, now }).start();
    pass(7);
    expect(stop()).toBe(7);
    pass(50);
    expect(stop()).toBe(7);
  });
});
