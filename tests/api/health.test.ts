import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";

describe.each(DATABASE_KINDS)("health check on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it("answers 200 with the database and the file store up, never cached", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: "up", storage: "up" });
  });

  it("answers 503 once the database cannot be reached", async () => {
    // A database and server of this test's own, since it closes the database under them.
    const lost = await createTestDatabase(kind);
    const lonely = await serveSite({ database: lost });
    try {
      await lost.close();
      const response = await fetch(`${lonely.url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: "unavailable",
        database: "down",
        storage: "up",
      });
    } finally {
      await lonely.close();
      await lost.destroy();
    }
  });
});
