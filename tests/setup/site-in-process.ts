import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestListener } from "node:http";
import type { DatabaseHandle } from "#database/client.server";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import type { Config } from "#server/config";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter } from "#app/lib/rate-limiter.server";
import type { startBackgroundJobs } from "#server/background-jobs";
import { createLogger } from "#server/logger";
import { serve, TEST_CONFIG, type RunningServer } from "./http";

type CreateSiteApp = (options: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  storage: FileStorage;
  rateLimiter?: RateLimiter;
  bodyTimeoutMs?: number;
  clientShare?: number;
  now?: () => Date;
}) => RequestListener;

/** The build's own background jobs: a change they make clears the cache of a site served by serveSite. */
export async function startSiteJobs(options: Parameters<typeof startBackgroundJobs>[0]) {
  const site = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    startBackgroundJobs: typeof startBackgroundJobs;
  };
  return site.startBackgroundJobs(options);
}

/**
 * The whole production site (pages too), served in-process from the build against a
 * database the test prepared: for journeys that need data the seeded server lacks.
 */
export async function serveSite({
  database,
  storage,
  logger = createLogger({ level: process.env.SITE_LOG_LEVEL ?? "silent" }),
  config = {},
  rateLimiter,
  bodyTimeoutMs,
  clientShare,
  now,
}: {
  database: DatabaseHandle;
  /** Where the site keeps files; a fresh, empty folder when not given. */
  storage?: FileStorage;
  logger?: Logger;
  /** Settings that differ from TEST_CONFIG. */
  config?: Partial<Config>;
  /** Login and registration counters; the site's own, in memory, when not given. */
  rateLimiter?: RateLimiter;
  /** How long a request body may take (server/body-timeouts.ts), for tests that cannot wait. */
  bodyTimeoutMs?: number;
  /** What one client may spend of the server's time (server/client-budget.ts). */
  clientShare?: number;
  /** The site's clock, for tests that move time (the review queue's due dates). */
  now?: () => Date;
}): Promise<RunningServer & { contentChanged: () => void }> {
  // Loaded by Node itself (vitest.config.ts keeps build/ external), exactly as in production:
  // through the test runner, React Router would be loaded twice and reject its own context.
  const { createSiteApp, contentChanged } = (await import(
    pathToFileURL(path.resolve("build/server/index.js")).href
  )) as { createSiteApp: CreateSiteApp; contentChanged: () => void };
  const filesFolder = await mkdtemp(path.join(tmpdir(), "studyzed-site-"));
  const app = createSiteApp({
    config: { ...TEST_CONFIG, ...config },
    database,
    logger,
    storage: storage ?? localDiskStorage(filesFolder),
    rateLimiter,
    bodyTimeoutMs,
    clientShare,
    now,
  });
  const server = await serve(app);
  return {
    url: server.url,
    // What a change made in the site's own process (a background job) does to its cache.
    contentChanged,
    close: async () => {
      await server.close();
      await rm(filesFolder, { recursive: true, force: true });
    },
  };
}
