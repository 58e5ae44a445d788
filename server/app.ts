/**
 * The production server's entry, bundled by Vite into build/server/index.js so that it
 * can import the React Router build. bin/start.js and bin/dev.js call `start`.
 */
import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { openDatabase, pgliteDir, type DatabaseHandle } from "#database/client.server";
import { createClient } from "redis";
import { hashForMissingUser } from "#app/features/accounts/public.server";
import {
  filesDir,
  localDiskStorage,
  sweepTemporaryFiles,
  type FileStorage,
} from "#app/lib/file-storage.server";
import type { AppServices } from "#app/lib/app-context.server";
import { contentChanged } from "#app/lib/content-caches.server";
import { reactRouterHandler } from "./react-router-handler";
import { ConfigError, parseConfig, type Config } from "./config";
import { createHttpApp } from "./http-app";
import type { Logger } from "#app/lib/logger";
import { createLogger } from "./logger";
import { makeSamplesInBackground, prepareDatabase } from "./prepare-database";
import type { RateLimiter } from "#app/lib/rate-limiter";
import { memoryRateLimiter, redisRateLimiter } from "./rate-limit";
import { listenWithGracefulShutdown } from "./shutdown";
import { rememberSiteAddress } from "./site-address";

export { runAdminCreate } from "./admin-cli";

export async function start({ vite }: { vite?: ViteDevServer } = {}) {
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: "postgres", url: config.databaseUrl }
      : { kind: "pglite", dir: pgliteDir(config.dataDir) },
    { holder: "the StudyZed server" },
  );
  const storage = localDiskStorage(filesDir(config.dataDir));
  // Uploads cut off by a crash leave temporary files; swept before the server listens
  // (docs/security.md, "Uploads").
  const swept = await sweepTemporaryFiles(filesDir(config.dataDir));
  if (swept > 0) logger.info({ files: swept }, "removed temporary files left by broken uploads");
  await prepareDatabase({ database, storage, logger });
  const rateLimiter = await createRateLimiter(config, logger);
  // Made now, so the first login for an unknown name takes as long as any other.
  await hashForMissingUser();

  const app = createSiteApp({ config, database, logger, rateLimiter, storage, vite });
  rememberSiteAddress(config);

  const server = listenWithGracefulShutdown({
    app,
    config,
    logger,
    onClosed: async () => {
      await rateLimiter.close();
      await database.close();
    },
  });
  server.once("listening", () => makeSamplesInBackground({ database, storage, logger }));
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
  contentChanged();
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
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  return createHttpApp({
    config,
    logger,
    clientDir: vite ? undefined : path.resolve("build/client"),
    before: vite?.middlewares as RequestHandler | undefined,
    routes: reactRouterHandler({ build, mode: vite ? "development" : "production", services }),
    bodyTimeoutMs,
  });
}

async function createRateLimiter(config: Config, logger: Logger): Promise<RateLimiter> {
  if (!config.redisUrl) return memoryRateLimiter();
  const client = createClient({ url: config.redisUrl, socket: { connectTimeout: 5_000 } });
  client.on("error", (error: unknown) => logger.error({ err: error }, "Redis connection error"));
  await client.connect();
  return redisRateLimiter({ client, logger });
}
