import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { DatabaseHandle } from "#database/client.server";
import { accountsApi } from "#app/features/accounts/api.server";
import { articlesApi } from "#app/features/articles/api.server";
import { adminApi, uploadedImages } from "#app/features/admin/api.server";
import { sameOriginOnly } from "#app/features/admin/guards.server";
import { downloadRoutes } from "#app/features/downloads/download-routes.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import type { Config } from "./config";
import type { Logger } from "#app/lib/logger";
import type { RateLimiter } from "#app/lib/rate-limiter";
import { memoryRateLimiter } from "./rate-limit";
import { contentChanged } from "#app/lib/content-caches.server";
import { pageCache } from "./page-cache";
import { precompressed } from "./precompressed";
import { requestLog } from "./request-log";
import { notFoundJson, pagesAreReadOnly, rejectUnreadableAddresses } from "./request-guards";
import { securityHeaders } from "./security-headers";

export type HttpAppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** Login and registration counters; in memory unless given. */
  rateLimiter?: RateLimiter;
  /** Where stored files live; downloads are served only when given. */
  storage?: FileStorage;
  /** Built browser files (build/client); left out by API-only tests. */
  staticDir?: string;
  /** Middleware that runs before the pages (the Vite dev server in development). */
  before?: RequestHandler;
  /** The React Router request handler; left out by API-only tests. */
  pages?: RequestHandler;
};

/**
 * The one HTTP application: static files, health, the JSON API and the pages. Every
 * dependency is handed in, so tests build it against their own database.
 */
export function createHttpApp({
  config,
  database,
  logger,
  rateLimiter = memoryRateLimiter(),
  storage,
  staticDir,
  before,
  pages,
}: HttpAppOptions) {
  const app = express();
  // A new app starts with empty caches (tests build several apps in one process).
  contentChanged();
  app.disable("x-powered-by");
  // Behind a proxy, the client's address comes from X-Forwarded-For (TRUST_PROXY).
  app.set("trust proxy", config.trustProxy);
  app.set("etag", "strong");

  app.use(requestLog(logger));
  const https = config.siteUrl.startsWith("https:");
  app.use(securityHeaders({ https }));
  app.use(rejectUnreadableAddresses);
  app.use(compression());

  if (staticDir) {
    app.use(precompressed(staticDir));
    // Hashed file names never change content, so browsers may keep them for a year.
    app.use(
      "/assets",
      express.static(`${staticDir}/assets`, {
        immutable: true,
        maxAge: "1y",
        redirect: false,
        fallthrough: false,
      }),
    );
    app.use(
      express.static(staticDir, {
        maxAge: "1h",
        redirect: false,
        index: false,
        dotfiles: "ignore",
      }),
    );
  }

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await database.ping();
      res.json({ status: "ok", database: "up" });
    } catch (error) {
      logger.error({ err: error }, "health check: database unreachable");
      res.status(503).json({ status: "unavailable", database: "down" });
    }
  });

  // Cross-site state changes are refused wherever a session cookie could be used.
  app.use(["/admin", "/logout"], sameOriginOnly({ siteUrl: config.siteUrl }));
  app.use(articlesApi({ db: database.db, siteUrl: config.siteUrl }));
  app.use(
    accountsApi({
      db: database.db,
      jwtSecret: config.jwtSecret,
      limiter: rateLimiter,
      logger,
      https,
    }),
  );
  if (storage) {
    app.use(downloadRoutes({ db: database.db, storage, logger }));
    app.use(uploadedImages({ db: database.db, storage }));
    app.use("/admin/api", adminApi({ db: database.db, storage, logger, https }));
  }

  if (before) app.use(before);
  if (pages) app.all("/{*splat}", pagesAreReadOnly, pageCache(pages));

  // Reached only without a page handler (API-only tests) or for unknown /assets files.
  app.use(notFoundJson);
  app.use(errorHandler(logger));
  return app;
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = httpStatusOf(error);
    if (status >= 500)
      logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    // Never a stack trace, path or query in the body (SECURITY.md ER-1).
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
