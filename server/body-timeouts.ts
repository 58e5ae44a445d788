import type { Request, RequestHandler, Response } from "express";

/**
 * How long a request body may take to arrive whole, counted from when its headers have
 * arrived (docs/security.md, "Slow requests"). Every body the site reads is a few
 * kilobytes, so a sender still sending after this is stalled or holding the connection on
 * purpose.
 */
const BODY_TIMEOUT_MS = 30_000;

/**
 * How long an admin upload may take: a 50 MB PDF over a slow link. Node's requestTimeout
 * (the whole request, headers and body) is set to this on the server (server/shutdown.ts);
 * every other body is cut off sooner, by `limitBodyTime`.
 */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** After a 408, how long the answer has to leave before the connection is closed anyway. */
const LINGER_MS = 2_000;

/**
 * The addresses that take multipart file uploads (app/routes.ts): a material's page
 * (`/admin/catalogue/{key}`) and the article editor (`/admin/articles/new`,
 * `/admin/articles/{id}`), with or without a trailing slash, and as React Router's data
 * requests (`….data`), which the hydrated forms post to. React Router matches addresses
 * without regard to case, and so does this.
 */
const UPLOAD_PATH = /^\/admin\/(?:catalogue|articles)\/[^/]+\/?$/i;

export function isUploadPath(path: string): boolean {
  return UPLOAD_PATH.test(path);
}

const TOO_SLOW = "The request body took too long to arrive. Please try again.\n";

/**
 * Cuts off a request body that has not arrived whole within `bodyTimeoutMs`: a 408 with a
 * one-line message and `Connection: close` when nothing has been answered yet, and the
 * connection closed. Node's own limit is global, so the short one is kept here, request by
 * request. The upload addresses keep Node's long limit while their route reads the body;
 * once they have answered (an admin's refusal, or a login page for someone who is not one),
 * what is left of the body gets the short time like any other.
 */
export function limitBodyTime({
  bodyTimeoutMs = BODY_TIMEOUT_MS,
}: { bodyTimeoutMs?: number } = {}): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    let timer: NodeJS.Timeout | undefined;
    const stop = () => clearTimeout(timer);
    const startClock = () => {
      if (!req.complete) timer = setTimeout(() => cutOff(req, res), bodyTimeoutMs);
    };
    // The body has arrived (or the connection has gone): nothing to cut off.
    req.once("end", stop);
    req.once("close", stop);
    if (isUploadPath(req.path)) res.once("finish", startClock);
    else startClock();
    next();
  };
}

function hasBody(req: Request): boolean {
  return (
    req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0
  );
}

function cutOff(req: Request, res: Response): void {
  if (req.complete || req.socket.destroyed) return;
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  res
    .status(408)
    .set({
      "Content-Type": "text/plain; charset=utf-8",
      Connection: "close",
      "Cache-Control": "no-store",
    })
    .end(TOO_SLOW);
  // Node closes the connection once the answer has left; a sender that does not read it
  // loses the connection all the same.
  setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
}
