/**
 * The production server's entry, bundled by Vite into build/server/index.js so that it
 * can import the React Router build. bin/start.js and bin/dev.js call `start`.
 */
import cluster from "node:cluster";
import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { openDatabase, type DatabaseHandle } from "#database/client.server";
import { hashForMissingUser } from "#app/features/accounts/public.server";
import { filesDir, sweepTemporaryFiles, type FileStorage } from "#app/lib/file-storage.server";
import type { AppServices } from "#app/lib/app-context.server";
import {
  clearLocalContentCaches,
  setContentChangePublisher,
  setContentWriters,
} from "#app/lib/content-caches.server";
import { reactRouterHandler } from "./react-router-handler";
import { runCluster } from "./cluster";
import { ConfigError, parseConfig, type Config } from "./config";
import { createContentChangeBus } from "./content-change-bus";
import { createHttpApp } from "./http-app";
import type { Logger } from "#app/lib/logger";
import { createLogger } from "./logger";
import { makeSamplesInBackground, prepareDatabase } from "./prepare-database";
import { embeddedDatabaseOf, SERVER_HOLDER, siteFingerprint } from "./database-template";
import type { RateLimiter } from "#app/lib/rate-limiter";
import { postgresRateLimiter } from "./postgres-rate-limit";
import { memoryRateLimiter, redisRateLimiter } from "./rate-limit";
import { listenWithGracefulShutdown } from "./shutdown";
import { startBackgroundJobs } from "./background-jobs";
import { rememberSiteAddress } from "./site-address";
import { openConfiguredStorage } from "./storage";

export { runAdminCreate } from "./admin-cli";
export { runStorageCopy } from "./storage-copy";
export { runContentImport } from "./content-import";
export { writeDatabaseTemplate } from "./database-template";

export async function start({ vite }: { vite?: ViteDevServer } = {}) {
  let config: Config;
  let storage: FileStorage;
  try {
    config = parseConfig(process.env);
    // Checked before the database opens, so a refused start leaves nothing held.
    storage = await openConfiguredStorage(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });

  // Several server processes (docs/decisions/0053-shared-limits-and-several-processes.md):
  // the primary prepares the database once and starts them; each one only serves.
  if (cluster.isWorker) return serve({ config, logger, storage, prepare: false });
  if (config.webConcurrency > 1) {
    if (config.databaseUrl && !vite) {
      await prepareOnce({ config, logger, storage });
      return runCluster({ workers: config.webConcurrency, logger });
    }
    logger.warn(
      { webConcurrency: config.webConcurrency },
      "WEB_CONCURRENCY is ignored: the embedded database serves one process; set DATABASE_URL to run several",
    );
  }
  await serve({ config, logger, storage, vite, prepare: true });
}

/** Opens everything, prepares the site when asked (one process alone does), and listens. */
async function serve({
  config,
  logger,
  storage,
  vite,
  prepare,
}: {
  config: Config;
  logger: Logger;
  storage: FileStorage;
  vite?: ViteDevServer;
  prepare: boolean;
}) {
  // Made now, so the first login for an unknown name takes as long as any other; on the
  // thread pool while the database opens.
  const missingUserHash = hashForMissingUser();
  // The pages' code is read and compiled while the database opens, not on the first request.
  if (!vite) void loadProductionBuild().catch(() => {});
  const database = await openSiteDatabase(config);
  const bus = await openContentChangeBus(config, logger);
  // The embedded database has this one process; in development the code changes too, and a
  // page kept for an hour, or until the content changes, would hide the change.
  setContentWriters(
    config.databaseUrl
      ? { onlyWriter: false, db: vite ? undefined : database.db }
      : { onlyWriter: !vite },
  );
  if (prepare) await prepareSite({ config, database, storage, logger, built: !vite });
  const rateLimiter = await createRateLimiter(config, database, logger);
  await missingUserHash;

  const app = createSiteApp({ config, database, logger, rateLimiter, storage, vite });
  if (prepare) rememberSiteAddress(config);

  let samples: ReturnType<typeof makeSamplesInBackground> | undefined;
  let jobs: ReturnType<typeof startBackgroundJobs> | undefined;
  const server = listenWithGracefulShutdown({
    app,
    config,
    logger,
    onClosed: async () => {
      await samples?.stop();
      await (await jobs)?.stop();
      await bus?.close();
      await rateLimiter.close();
      await database.close();
    },
  });
  // A second after the server listens: the first requests are answered before the pass
  // reads the content files to learn what is left to make, and before jobs are looked for.
  server.once("listening", () => {
    const begin = setTimeout(() => {
      samples = makeSamplesInBackground({ database, storage, logger });
      jobs = startBackgroundJobs({
        database,
        storage,
        logger,
        onlyProcess: !config.databaseUrl,
      });
    }, SAMPLES_AFTER_LISTENING_MS);
    server.once("close", () => clearTimeout(begin));
  });
}

const SAMPLES_AFTER_LISTENING_MS = 1_000;

let productionBuild: Promise<ServerBuild> | undefined;

/** The React Router build, imported once (again after a failure). */
function loadProductionBuild(): Promise<ServerBuild> {
  productionBuild ??= (import("virtual:react-router/server-build") as Promise<ServerBuild>).catch(
    (error: unknown) => {
      productionBuild = undefined;
      throw error;
    },
  );
  return productionBuild;
}

/** The cluster's primary: the database prepared once, before any server process starts. */
async function prepareOnce({
  config,
  logger,
  storage,
}: {
  config: Config;
  logger: Logger;
  storage: FileStorage;
}) {
  const database = await openSiteDatabase(config);
  // Other servers on the database hear of content loaded from the files.
  const bus = await openContentChangeBus(config, logger);
  try {
    await prepareSite({ config, database, storage, logger, deferSamples: false, built: true });
  } finally {
    setContentChangePublisher(undefined);
    await bus?.close();
    await database.close();
  }
  rememberSiteAddress(config);
}

async function openSiteDatabase(config: Config) {
  return openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : embeddedDatabaseOf(config),
    { holder: SERVER_HOLDER },
  );
}

async function prepareSite({
  config,
  database,
  storage,
  logger,
  deferSamples,
  built,
}: {
  config: Config;
  database: DatabaseHandle;
  storage: FileStorage;
  logger: Logger;
  deferSamples?: boolean;
  /**
   * Served from the production build, whose files say what the code is: a restart with the
   * same build, content and migrations skips preparing. The dev server's code is its sources.
   */
  built: boolean;
}) {
  // Uploads cut off by a crash leave temporary files; swept before any process listens
  // (docs/security.md, "Uploads"), never while another may be receiving one. An S3 store
  // has none on this disk.
  const swept =
    config.storage.kind === "disk" ? await sweepTemporaryFiles(filesDir(config.dataDir)) : 0;
  if (swept > 0) logger.info({ files: swept }, "removed temporary files left by broken uploads");
  const fingerprint = built ? siteFingerprint() : undefined;
  await prepareDatabase({ database, storage, logger, deferSamples, fingerprint });
}

/**
 * On PostgreSQL other server processes may share the database: a change made here clears
 * their caches too, and theirs clear this one's (docs/decisions/0052-one-cache-for-all-servers.md).
 * The embedded database has one process, and needs none.
 */
async function openContentChangeBus(config: Config, logger: Logger) {
  if (!config.databaseUrl) return undefined;
  const bus = await createContentChangeBus({
    postgresUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    onChange: clearLocalContentCaches,
    logger,
  });
  setContentChangePublisher(() => bus.publish());
  return bus;
}

/**
 * The whole site as an Express app. Exported from the production build so that tests can
 * serve it against a database and file store they prepare themselves.
 */
export function createSiteApp({
  config,
  database,
  logger,
  rateLimiter = memoryRateLimiter(),
  storage,
  vite,
  bodyTimeoutMs,
}: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  rateLimiter?: RateLimiter;
  storage: FileStorage;
  vite?: ViteDevServer;
  /** How long a request body may take (server/body-timeouts.ts); shorter in tests. */
  bodyTimeoutMs?: number;
}) {
  // A new app starts with nothing kept (tests build several apps in one process).
  clearLocalContentCaches();
  const services: AppServices = {
    db: database.db,
    logger,
    storage,
    rateLimiter,
    jwtSecret: config.jwtSecret,
    site: { name: config.siteName, url: config.siteUrl },
    pingDatabase: () => database.ping(),
  };
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : loadProductionBuild;
  return createHttpApp({
    config,
    logger,
    clientDir: vite ? undefined : path.resolve("build/client"),
    before: vite?.middlewares as RequestHandler | undefined,
    routes: reactRouterHandler({ build, mode: vite ? "development" : "production", services }),
    bodyTimeoutMs,
  });
}

/** Redis when given; else the database when others may share it; else this process's memory. */
async function createRateLimiter(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
): Promise<RateLimiter> {
  if (!config.redisUrl)
    return database.kind === "postgres"
      ? postgresRateLimiter({ db: database.db, logger })
      : memoryRateLimiter();
  // Loaded only when configured, as every driver a site may not use (docs/decisions/0057-start-within-a-second.md).
  const { createClient } = await import("redis");
  const client = createClient({ url: config.redisUrl, socket: { connectTimeout: 5_000 } });
  client.on("error", (error: unknown) => logger.error({ err: error }, "Redis connection error"));
  await client.connect();
  return redisRateLimiter({ client, logger });
}
