import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type Express } from "express";
import type { CachedAnswer } from "#app/lib/response-cache";
import type { Logger } from "#app/lib/logger";
import { sendKeptAnswer, sharedKeyOf } from "./response-cache";
import { newNonce, securityHeadersFor } from "./security-headers";

/**
 * Answers a request whose answer is kept (the older app's /List/ and /Data/{id}, content
 * pages) before Express sees it: the same head the whole chain would send (security headers,
 * the kept headers, ETag and Vary, a 304 when the client has it, the stored brotli or gzip
 * copy) and the same request log line, for a tenth of the work
 * (docs/decisions/0054-kept-answers-before-express.md). Everything else goes through
 * Express untouched.
 *
 * What the skipped middleware would have done is already settled for such a request: an
 * answer is kept only for an address that went through the whole chain once (the address
 * guards look at the address alone), a GET or HEAD has no cross-site check, a request with
 * a body is left to Express (its body timeout), and no static file has a kept address, since
 * static files are answered before any route.
 */
export function answerKeptFirst(
  app: Express,
  {
    cache,
    logger,
    https,
  }: {
    cache: { peek(key: string): CachedAnswer | undefined };
    logger: Logger;
    https: boolean;
  },
): void {
  const securityHeaders = securityHeadersFor({ https });
  const clientAddressOf = expressClientAddress(app);
  const logRequests = logger.isLevelEnabled("info");
  const handle = (app as unknown as { handle: Handle }).handle.bind(app);
  const answer: Handle = (req, res, callback) => {
    const started = logRequests ? performance.now() : 0;
    const key = hasNoBody(req) ? sharedKeyOf(req) : null;
    const entry = key === null ? undefined : cache.peek(key);
    if (!entry) return handle(req, res, callback);
    const status = sendKeptAnswer(req, res, entry, securityHeaders(newNonce()));
    if (logRequests) {
      // The line server/request-log.ts writes (docs/security.md, "Logs"): the path is the
      // whole address, since a kept address has no query string.
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger.info(
        { method: req.method, path: key, status, ms, ip: clientAddressOf(req) },
        "request",
      );
    }
  };
  (app as unknown as { handle: Handle }).handle = answer;
}

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: unknown) => void;

function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length === undefined || length === "0") && req.headers["transfer-encoding"] === undefined;
}

/**
 * Express's own `req.ip` (TRUST_PROXY honoured the same way) for a request that never
 * entered Express: its getter reads only the app's trust setting, the socket and
 * X-Forwarded-For.
 */
function expressClientAddress(app: Express): (req: IncomingMessage) => string | undefined {
  return (req) =>
    Reflect.get<object, "ip">(express.request, "ip", {
      app,
      headers: req.headers,
      socket: req.socket,
      connection: req.socket,
    }) as string | undefined;
}
