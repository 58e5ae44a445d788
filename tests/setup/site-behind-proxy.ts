import { afterAll, beforeAll } from "vitest";
import { memoryRateLimiter } from "#app/lib/rate-limiter.server";
import type { RunningServer } from "./http";
import { serveSite } from "./site-in-process";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./test-database";

/**
 * For the tests of login and registration limits: a site of the calling file's own, on a
 * fresh database, behind one trusted proxy (so each request names its client in
 * X-Forwarded-For), with counters on a clock that stands still at `frozenAt`, so that no
 * burst of attempts can ever straddle two windows, however slow the machine. A class's minute
 * happens here in seconds, so each client may have the whole server's time, not its share
 * (tests/security/uncached-work.test.ts tests the share). Set up before the file's tests and
 * closed after them.
 */
export function siteBehindOneProxy(kind: DatabaseKind, frozenAt: number) {
  const site = {} as { server: RunningServer; database: TestDatabase };
  beforeAll(async () => {
    site.database = await createTestDatabase(kind);
    site.server = await serveSite({
      database: site.database,
      config: { trustProxy: 1 },
      rateLimiter: memoryRateLimiter({ now: () => frozenAt }),
      clientShare: 1,
    });
  });
  afterAll(async () => {
    await site.server.close();
    await site.database.destroy();
  });
  return site;
}
