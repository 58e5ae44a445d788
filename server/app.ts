import { createServer } from "node:http";
import closeWithGrace from "close-with-grace";
import type { ViteDevServer } from "vite";
import { openDatabase } from "#database/client.server";
import { DataDirInUseError } from "#database/data-dir-lock";
import { adminCreateOnServer, hashForMissingUser } from "#app/features/accounts/public.server";
import { contentImportOnServer } from "#app/features/admin/public.server";
import { CommandRefused } from "#app/lib/command-line.server";
import { serveCommands } from "#app/lib/command-socket.server";
import { filesDir, sweepTemporaryFiles, type FileStorage } from "#app/lib/file-storage.server";
import { createRateLimiter } from "#app/lib/rate-limiter.server";
import { followContentVersion } from "#app/lib/response-cache.server";
import { UPLOAD_TIMEOUT_MS } from "./body-timeouts";
import { ConfigError, parseConfig, prepareDataDir, type Config } from "./config";
import { embeddedDatabaseOf, siteFingerprint } from "./database-template";
import { createSiteApp, loadProductionBuild } from "./http-app";
import { createLogger } from "./logger";
import { makeSamplesInBackground, prepareDatabase } from "./prepare-database";
import { startBackgroundJobs } from "./background-jobs";
import { rememberSiteAddress } from "./site-address";
import { openConfiguredStorage } from "#app/lib/configured-storage.server";

export { runAdminCreate } from "#app/features/accounts/public.server";
export { runContentImport } from "#app/features/admin/public.server";
export { runStorageCopy } from "#app/lib/storage-copy.server";
export { writeDatabaseTemplate } from "./database-template";
export { createSiteApp } from "./http-app";
// For tests that change content beside a site they serve from the build: its cache is the build's.
export { startBackgroundJobs } from "./background-jobs";
export { contentChanged } from "#app/lib/response-cache.server";

// docs/security.md#reliability
const GRACE_MS = 30_000;
const BACKGROUND_AFTER_MS = 1_000;

export async function start({ vite }: { vite?: ViteDevServer } = {}) {
  let config: Config;
  let storage: FileStorage;
  try {
    config = parseConfig(process.env);
    if (config.usesDataDir) prepareDataDir(config.dataDir);
    // Before the database opens, so a refused start leaves nothing held.
    storage = await openConfiguredStorage(config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const logger = createLogger({ level: config.logLevel });
  if (process.env.WEB_CONCURRENCY)
    logger.warn(
      "WEB_CONCURRENCY is ignored: for more cores, run several servers behind a proxy (docs/deploy.md)",
    );
  // While the database opens: a first login for an unknown name as slow as any, code compiled.
  const missingUserHash = hashForMissingUser();
  if (!vite) void loadProductionBuild().catch(() => {});
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : embeddedDatabaseOf(config),
    { holder: "the StudyZed server" },
  ).catch((error: unknown) => {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(`Cannot start: ${error.message}.`);
    process.exit(1);
  });
  // Uploads cut off by a crash leave temporary files (docs/security.md#uploads).
  const swept =
    config.storage.kind === "disk" ? await sweepTemporaryFiles(filesDir(config.dataDir)) : 0;
  if (swept > 0) logger.info({ files: swept }, "removed temporary files left by broken uploads");
  await prepareDatabase({
    database,
    storage,
    logger,
    fingerprint: vite ? undefined : siteFingerprint(),
  });
  const following =
    config.databaseUrl && !vite
      ? await followContentVersion({ db: database.db, logger })
      : undefined;
  const rateLimiter = await createRateLimiter({ redisUrl: config.redisUrl, database, logger });
  await missingUserHash;
  const listener = createSiteApp({ config, database, logger, rateLimiter, storage, vite });
  // The embedded database allows one process: commands typed beside this server run in it.
  const commands = config.databaseUrl
    ? undefined
    : await serveCommands({
        dataDir: config.dataDir,
        handlers: {
          "content:import": contentImportOnServer({ db: database.db, storage }),
          "admin:create": adminCreateOnServer({ db: database.db }),
        },
        isRefusal: (error): error is Error => error instanceof CommandRefused,
        onError: (err) => logger.error({ err }, "a command typed beside the server failed"),
      });
  rememberSiteAddress(config);

  const server = createServer(listener);
  server.requestTimeout = UPLOAD_TIMEOUT_MS;
  server.on("error", (error) => {
    logger.fatal({ err: error }, "the server could not start");
    process.exit(1);
  });
  let samples: ReturnType<typeof makeSamplesInBackground> | undefined;
  let jobs: ReturnType<typeof startBackgroundJobs> | undefined;
  const background = setTimeout(() => {
    samples = makeSamplesInBackground({ database, storage, logger });
    jobs = startBackgroundJobs({ database, storage, logger, onlyProcess: !config.databaseUrl });
  }, BACKGROUND_AFTER_MS);
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info(
      { host: config.host, port },
      `${config.siteName} is listening on http://${config.host}:${port}`,
    );
  });

  closeWithGrace(
    {
      delay: GRACE_MS,
      logger,
      onTimeout: () => logger.error("in-flight requests did not finish in time; exiting"),
    },
    async ({ signal, err }) => {
      if (err) logger.error({ err }, "stopping after an uncaught error");
      logger.info({ signal }, "shutting down");
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      await closed;
      clearTimeout(background);
      following?.stop();
      await commands?.close();
      await samples?.stop();
      await (await jobs)?.stop();
      await rateLimiter.close();
      await database.close();
      logger.info("stopped: every request answered, database closed");
    },
  );
}
