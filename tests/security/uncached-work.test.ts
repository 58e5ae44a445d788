import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";

/**
 * One address once burned 45–105 CPU-seconds a minute of the server's 120 with page variants
 * (`?x=`), searches and `/List/?x=`. Variants are now the cached page, and what the cache does
 * not hold is charged to its client: past its share, the client waits, and nobody else does.
 * The share is made tiny here so that a few searches spend it.
 */
describe("work the response cache does not hold, per client", () => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    server = await serveSite({
      database: seeded.database,
      storage: seeded.storage,
      config: { trustProxy: 1 },
      clientShare: 0.0005,
    });
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  const get = (path: string, from: string) =>
    fetch(`${server.url}${path}`, { headers: { "x-forwarded-for": from, accept: "text/html" } });

  it("makes a client that has spent its share wait, and only that client", async () => {
    const greedy = "41.77.1.1";
    let refused: Response | undefined;
    for (let search = 0; search < 300 && !refused; search++) {
      const response = await get(`/search?q=cell+${search}`, greedy);
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    expect(refused?.status).toBe(429);
    const wait = Number(refused!.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(5);
    expect(await refused!.text()).toMatch(
      /other students are waiting\. You can try again in \d+ seconds?\./,
    );
    // Another student asks for the same kind of work and gets it.
    expect((await get("/search?q=osmosis", "41.77.2.2")).status).toBe(200);
    // A page the cache holds costs nothing, so it still comes. (Asked first from the machine
    // itself, which is not limited, so that it is in the cache.)
    await fetch(`${server.url}/smartify`);
    expect((await get("/smartify?x=1", greedy)).status).toBe(200);
  });

  it("answers an app's call with the refusal as JSON in UTF-8, as the rest of the API does", async () => {
    const greedy = "41.77.3.3";
    let refused: Response | undefined;
    for (let search = 0; search < 300 && !refused; search++) {
      const response = await fetch(`${server.url}/search?q=leaf+${search}`, {
        headers: { "x-forwarded-for": greedy, accept: "application/json" },
      });
      if (response.status === 429) refused = response;
    }
    expect(refused?.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await refused?.json()).toEqual({
      error: expect.stringMatching(/^Your network has asked for a lot/) as string,
    });
  });

  it("charges posts too, so a flood of refused logins is cut off cheaply", async () => {
    const flood = "41.77.4.4";
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 500; attempt++) {
      answer = await fetch(`${server.url}/api/token/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": flood },
        body: JSON.stringify({ username: `nobody${attempt}`, password: "wrong-password" }),
      });
      const body = (await answer.json()) as { error?: string; detail?: string };
      if (body.error?.startsWith("Your network has asked for a lot")) break;
      answer = undefined;
    }
    expect(answer?.status).toBe(429);
    expect(answer?.headers.get("content-security-policy")).toBeTruthy();
    expect(Number(answer?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
