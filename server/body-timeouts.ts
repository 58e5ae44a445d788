import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";

/** Every body but an upload is a few kilobytes (docs/security.md#input, "Slow requests"). */
const BODY_TIMEOUT_MS = 30_000;

/** A 50 MB PDF over a slow link; Node's requestTimeout is set to this (server/app.ts). */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

const LINGER_MS = 2_000;

// The routes of app/routes.ts that take files, and their `.data` requests.
const UPLOAD_PATH = /^\/admin\/(?:catalogue|articles)\/[^/]+\/?$/i;

export function isUploadPath(path: string): boolean {
  return UPLOAD_PATH.test(path);
}

export function hasBody({ headers }: IncomingMessage): boolean {
  return headers["transfer-encoding"] !== undefined || Number(headers["content-length"]) > 0;
}

/** Node's limit is global; an upload keeps it only until it has been answered. */
export function limitBodyTime(bodyTimeoutMs = BODY_TIMEOUT_MS): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    let timer: NodeJS.Timeout | undefined;
    const stop = () => clearTimeout(timer);
    const startClock = () => {
      if (!req.complete) timer = setTimeout(() => cutOff(req, res), bodyTimeoutMs);
    };
    req.once("end", stop);
    req.once("close", stop);
    if (isUploadPath(req.path)) res.once("finish", startClock);
    else startClock();
    next();
  };
}

function cutOff(req: Request, res: Response): void {
  if (req.complete || req.socket.destroyed) return;
  if (res.headersSent) return void req.socket.destroy();
  res
    .status(408)
    .set({
      "Content-Type": "text/plain; charset=utf-8",
      Connection: "close",
      "Cache-Control": "no-store",
    })
    .end("The request body took too long to arrive. Please try again.\n");
  setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
}
