import type { Server } from "node:http";
import type { Express } from "express";
import { UPLOAD_TIMEOUT_MS } from "./body-timeouts";
import type { Config } from "./config";
import type { Logger } from "#app/lib/logger";

/** How long in-flight requests get to finish after SIGTERM (gunicorn's default; docs/security.md, "Reliability"). */
const GRACE_MS = 30_000;

/**
 * Listens, and on SIGTERM or SIGINT stops taking connections, lets in-flight requests
 * finish, closes the database (an open PGlite handle keeps the process alive) and exits.
 */
export function listenWithGracefulShutdown({
  app,
  config,
  logger,
  onClosed,
}: {
  app: Express;
  config: Config;
  logger: Logger;
  onClosed: () => Promise<void>;
}): Server {
  const server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info(
      { host: config.host, port },
      `${config.siteName} is listening on http://${config.host}:${port}`,
    );
  });
  // The whole request, headers and body, within the time an admin upload may take; every
  // other body has a shorter limit of its own (server/body-timeouts.ts). Headers keep
  // Node's headersTimeout.
  server.requestTimeout = UPLOAD_TIMEOUT_MS;
  server.on("error", (error) => {
    logger.fatal({ err: error }, "the server could not start");
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish in time; exiting");
      process.exit(1);
    }, GRACE_MS);
    force.unref();
    const finish = async () => {
      try {
        await onClosed();
        logger.info("stopped: every request answered, database closed");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "closing the database failed");
        process.exit(1);
      }
    };
    server.close(() => void finish());
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}
