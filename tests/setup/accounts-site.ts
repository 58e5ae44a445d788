import { Writable } from "node:stream";
import { createLogger } from "#server/logger";
import { memoryRateLimiter } from "#app/lib/rate-limiter.server";
import type { RunningServer } from "./http";
import { serveSite } from "./site-in-process";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./test-database";

/**
 * A site of a test file's own for the account journeys: behind a proxy (each request may
 * come from its own address), its log lines kept for the test to read, and login counters on
 * a clock that stands still, so a test's attempts never fall into two windows however slowly a
 * busy machine sends them.
 */
export async function serveAccountsSite(kind: DatabaseKind): Promise<{
  database: TestDatabase;
  server: RunningServer;
  logLines: string[];
  close(): Promise<void>;
}> {
  const database = await createTestDatabase(kind);
  const logLines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const server = await serveSite({
    database,
    config: { trustProxy: 1 },
    logger: createLogger({ level: "info", destination }),
    rateLimiter: memoryRateLimiter({ now: () => Date.UTC(2030, 0, 1, 12, 0, 30) }),
  });
  return {
    database,
    server,
    logLines,
    close: async () => {
      await server.close();
      await database.destroy();
    },
  };
}
