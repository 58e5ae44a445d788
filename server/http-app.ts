import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { sharedResponses } from "#app/lib/content-caches.server";
import type { Logger } from "#app/lib/logger";
import { limitBodyTime } from "./body-timeouts";
import { answerKeptFirst } from "./kept-answers";
import type { Config } from "./config";
import { requestLog } from "./request-log";
import { refuseCrossSiteChanges, rejectUnreadableAddresses } from "./request-guards";
import { securityHeaders } from "./security-headers";
import { serveStaticFiles } from "./static-files";

export type HttpAppOptions = {
  config: Config;
  logger: Logger;
  /** Built browser files (build/client); left out in development, where Vite serves them. */
  clientDir?: string;
  /** Middleware that runs before the routes (the Vite dev server in development). */
  before?: RequestHandler;
  /** Every address of app/routes.ts (server/react-router-handler.ts). */
  routes: RequestHandler;
  /** How long a request body may take, but for uploads (server/body-timeouts.ts). */
  bodyTimeoutMs?: number;
};

/**
 * The one HTTP application. Express does what is not an address: logging, security
 * headers, cutting off slow request bodies, refusing unreadable addresses and cross-site
 * changes, compression and the static files (server/static-files.ts); every address is a
 * route in app/routes.ts.
 */
export function createHttpApp({
  config,
  logger,
  clientDir,
  before,
  routes,
  bodyTimeoutMs,
}: HttpAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address comes from X-Forwarded-For (TRUST_PROXY).
  app.set("trust proxy", config.trustProxy);
  app.set("etag", "strong");

  app.use(requestLog(logger));
  const https = config.siteUrl.startsWith("https:");
  app.use(securityHeaders({ https }));
  app.use(limitBodyTime({ bodyTimeoutMs }));
  app.use(rejectUnreadableAddresses);
  app.use(refuseCrossSiteChanges({ siteUrl: config.siteUrl }));
  app.use(compression());
  if (clientDir) serveStaticFiles(app, clientDir);
  if (before) app.use(before);
  app.all("/{*splat}", routes);
  app.use(errorHandler(logger));
  // A request whose answer is kept is answered before all of the above (server/kept-answers.ts).
  answerKeptFirst(app, { cache: sharedResponses, logger, https });
  return app;
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = httpStatusOf(error);
    if (status >= 500)
      logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    // Never a stack trace, path or query in the body (docs/security.md, "Errors").
    res.status(status).json({
      error:
        status >= 500 ? "Something went wrong on our side. Please try again." : messageFor(status),
    });
  };
}

function httpStatusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

function messageFor(status: number): string {
  switch (status) {
    case 400:
      return "The request could not be read.";
    case 404:
      return "Not found";
    case 413:
      return "The request body is too large.";
    case 415:
      return "Send the request body as application/json.";
    default:
      return "The request was refused.";
  }
}
