import type { RequestHandler } from "express";
import type { Logger } from "#app/lib/logger";

/**
 * One line per request. Only the path is logged: query strings and bodies can carry
 * secrets, and headers are left out on purpose (docs/security.md, "Logs").
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const status = res.statusCode;
      const level = status >= 500 ? "error" : "info";
      logger[level](
        { method: req.method, path: req.path, status, ms: Math.round(ms * 10) / 10, ip: req.ip },
        "request",
      );
    });
    next();
  };
}
