import {
  STATUS_CODES,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from "node:http";
import { createHeaders, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import fresh from "fresh";
import proxyaddr from "proxy-addr";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { appContext, type AppServices } from "#app/lib/app-context.server";
import type { Logger } from "#app/lib/logger";
import { memoryRateLimiter, type RateLimiter } from "#app/lib/rate-limiter.server";
import {
  pageAddress,
  responseCache,
  type CachedResponse,
  type CacheFill,
} from "#app/lib/response-cache.server";
import { addressKey } from "#app/lib/address-key";
import { withWait } from "#app/lib/plural";
import { hasBody, limitBodyTime } from "./body-timeouts";
import { clientBudget } from "./client-budget";
import type { Config } from "./config";
import { refuseCrossSiteChanges, rejectUnreadableAddresses } from "./request-guards";
import type { ServerParts } from "./prepare-database";
import { newNonce, securityHeaders } from "./security-headers";
import { serveStaticFiles } from "./static-files";

export const loadProductionBuild = () =>
  import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * Exported from the build: tests serve the site on a database of their own. A cached response
 * is sent here; the rest go through Express to app/routes.ts.
 */
export function createSiteApp({
  config,
  database,
  logger,
  rateLimiter = memoryRateLimiter(),
  storage,
  vite,
  bodyTimeoutMs,
  clientShare,
  now = () => new Date(),
}: ServerParts & {
  config: Config;
  rateLimiter?: RateLimiter;
  vite?: ViteDevServer;
  bodyTimeoutMs?: number;
  /** Of this process's time, what one client may spend on uncached work (tests make it small). */
  clientShare?: number;
  /** The clock the review queue reads (a test moves its own). */
  now?: () => Date;
}): RequestListener {
  responseCache.clear();
  const cache = vite ? undefined : responseCache;
  const services: AppServices = {
    db: database.db,
    logger,
    storage,
    rateLimiter,
    jwtSecret: config.jwtSecret,
    site: { name: config.siteName, url: config.siteUrl },
    pingDatabase: () => database.ping(),
    now,
  };
  const headersFor = securityHeaders({ https: config.siteUrl.startsWith("https:") });
  const trust = trustOf(config.trustProxy);
  const clientAddress = (req: IncomingMessage) => proxyaddr(req, trust);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("etag", "strong");
  app.use((_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    for (const [name, value] of headersFor(nonce)) res.setHeader(name, value);
    next();
  });
  app.use(limitBodyTime(bodyTimeoutMs));
  app.use(rejectUnreadableAddresses);
  app.use(refuseCrossSiteChanges);
  app.use(compression());
  if (vite) app.use(vite.middlewares as RequestHandler);
  else serveStaticFiles(app);

  const handle = vite
    ? createRequestHandler(
        () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        "development",
      )
    : productionHandler();
  const budget = clientBudget({ share: clientShare });
  // The machine itself (a health check, a benchmark, a proxy left unconfigured) is not limited.
  const budgetKey = (req: IncomingMessage) => {
    const client = clientAddress(req);
    return isLoopback(client, 0) ? undefined : addressKey(client);
  };
  const render = async (req: express.Request, res: express.Response, request: Request) => {
    const context = new RouterContextProvider();
    const { cspNonce } = res.locals as { cspNonce: string };
    context.set(appContext, { ...services, cspNonce, clientAddress: clientAddress(req) });
    const stop = budget.time();
    try {
      return await handle(request, context);
    } finally {
      // A read is charged its share of the time it took; a post at most POST_MOST_MS, since its
      // own limits (logins, attempts) bound the rest and a hash's wait in line is not work; any
      // request at least what reading and answering one costs outside the route.
      const client = budgetKey(req);
      const took = stop();
      const charged = request.method === "GET" ? took : Math.min(took, POST_MOST_MS);
      if (client) budget.charge(client, Math.max(REQUEST_LEAST_MS, charged));
    }
  };
  app.all("/{*splat}", async (req, res, next) => {
    try {
      const request = requestOf(req, res);
      const key = req.method === "GET" ? cacheKeyOf(req) : undefined;
      if (!cache || key === undefined) return await send(res, await render(req, res, request));
      // Rendered to the end even if this client leaves: it is for everyone who asks. Only the
      // query parameters a page reads reach it, so each variant is rendered once.
      const fill: CacheFill = {
        render: () =>
          render(req, res, new Request(new URL(key, request.url), { headers: request.headers })),
      };
      // Rejected when the cache was cleared meanwhile: what was rendered is not stored.
      const cached = await cache.fetch(key, { context: fill }).catch(() => undefined);
      if (cached) return void sendCached(req, res, cached, []);
      await send(res, fill.uncached ?? (await render(req, res, request)));
    } catch (error) {
      next(error);
    }
  });
  app.use(errorHandler(logger));

  const log = (req: IncomingMessage, status: number, started: number) => {
    const level = status >= 500 ? "error" : "info";
    if (!logger.isLevelEnabled(level)) return;
    // docs/security.md#logs: the path alone, never the query or the headers.
    const [path] = (req.url ?? "/").split("?", 1);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logger[level]({ method: req.method, path, status, ms, ip: clientAddress(req) }, "request");
  };
  return (req, res) => {
    const started = performance.now();
    const key = cacheKeyOf(req);
    const cached = key === undefined ? undefined : cache?.get(key);
    if (cached) return log(req, sendCached(req, res, cached, headersFor(newNonce())), started);
    res.once("finish", () => log(req, res.statusCode, started));
    const client = budgetKey(req);
    if (!client) return void app(req, res);
    // Refused before Express, and only after a pause: a client over its share that asks as fast
    // as it can gets one answer a second on each connection, not thousands.
    void budget.waitFor(client).then((wait) => {
      if (!wait) return void app(req, res);
      req.resume();
      setTimeout(() => {
        const refusal = refusalOf(req, wait);
        res.writeHead(429, [...headersFor(newNonce()), ...refusal.headers].flat());
        res.end(refusal.body);
      }, REFUSAL_PAUSE_MS).unref();
    });
  };
}

function cacheKeyOf(req: IncomingMessage): string | undefined {
  const { method, url = "/", headers } = req;
  if (method !== "GET" && method !== "HEAD") return undefined;
  // The phone's readable "who is signed in" cookie too: the page that clears a stale one is drawn
  // for it (docs/decisions/0103-who-is-signed-in-on-every-copy.md).
  if (headers.authorization || /_(session|viewer)=/.test(headers.cookie ?? "") || hasBody(req))
    return undefined;
  return pageAddress(url);
}

/** A client that has spent its share of this process's time waits (docs/security.md#work-per-client). */
function refusalOf(req: IncomingMessage, seconds: number) {
  const error = withWait(TOO_MUCH_ASKED, seconds);
  const page = /text\/html/.test(req.headers.accept ?? "");
  return {
    headers: [
      ["Retry-After", String(seconds)],
      ["Cache-Control", "no-store"],
      ["Content-Type", page ? "text/html; charset=utf-8" : "application/json; charset=utf-8"],
    ] satisfies [string, string][],
    body: page
      ? `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Please wait</title><p>${error}</p></html>`
      : JSON.stringify({ error }),
  };
}

function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  cached: CachedResponse,
  before: [string, string][],
): number {
  const head: string[] = [];
  for (const [name, value] of [...before, ...cached.headers]) head.push(name, value);
  head.push("ETag", cached.etag, "Vary", "Accept-Encoding");
  if (fresh(req.headers, { etag: cached.etag })) {
    res.writeHead(304, head);
    res.end();
    return 304;
  }
  const accepted = req.headers["accept-encoding"] ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  const bytes = encoding ? cached[encoding] : cached.body;
  if (encoding) head.push("Content-Encoding", encoding);
  head.push("Content-Length", String(bytes.length));
  res.writeHead(cached.status, head);
  res.end(req.method === "HEAD" ? undefined : bytes);
  return cached.status;
}

/**
 * The adapter's createRequest reads a body ahead of the route: a request refused unread (a
 * 413, a 415) would lose its connection before the client could read the refusal. Here the
 * body is read only as the route reads it, and fails at once if the client breaks off.
 */
function requestOf(req: express.Request, res: express.Response): Request {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: createHeaders(req),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = new ReadableStream<Uint8Array>(
      { pull: (body) => nextChunk(req, body), cancel: () => void req.resume() },
      { highWaterMark: 0 },
    );
    init.duplex = "half";
  }
  return new Request(
    `${req.protocol}://${req.headers.host ?? "localhost"}${req.originalUrl}`,
    init,
  );
}

function nextChunk(req: IncomingMessage, body: ReadableStreamDefaultController<Uint8Array>) {
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      req.off("readable", read);
      req.off("end", end);
      req.off("error", fail);
      req.off("close", closed);
    };
    const end = () => {
      stop();
      body.close();
      resolve();
    };
    const fail = (error: Error) => {
      stop();
      reject(error);
    };
    // docs/security.md#uploads: a sender who goes away fails the body, even without an error.
    const closed = () => {
      if (!req.readableEnded) fail(new Error("the request body broke off"));
    };
    const read = () => {
      const chunk = req.read() as Buffer | null;
      if (chunk === null) return void (req.readableEnded && end());
      stop();
      body.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      resolve();
    };
    if (req.destroyed && !req.readableEnded) return closed();
    req.on("readable", read);
    req.on("end", end);
    req.on("error", fail);
    req.on("close", closed);
    read();
  });
}

async function send(res: ServerResponse, response: Response) {
  // sendResponse would write an empty reason phrase.
  const named = response.statusText
    ? response
    : new Response(response.body, {
        status: response.status,
        statusText: STATUS_CODES[response.status],
        headers: response.headers,
      });
  await sendResponse(res, named);
}

/** Given a function, React Router derives its routes per request: a twentieth of a page's CPU. */
function productionHandler() {
  let ready: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (request: Request, context: RouterContextProvider) => {
    if (!ready) {
      ready = loadProductionBuild().then((build) => createRequestHandler(build, "production"));
      ready.catch(() => (ready = undefined));
    }
    return (await ready)(request, context);
  };
}

// proxy-addr's own ranges: 127.0.0.0/8 and ::1, IPv4-mapped or not.
const isLoopback = proxyaddr.compile("loopback");

/** Express's own reading of TRUST_PROXY. */
function trustOf(trustProxy: Config["trustProxy"]) {
  return typeof trustProxy === "number"
    ? (_address: string, hop: number) => hop < trustProxy
    : proxyaddr.compile(trustProxy || []);
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const given = (error as { status?: unknown; statusCode?: unknown } | null) ?? {};
    const code = given.status ?? given.statusCode;
    const status = typeof code === "number" && code >= 400 && code < 600 ? code : 500;
    if (status >= 500)
      logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    // docs/security.md#errors: never a stack trace, path or query.
    res.status(status).json({ error: MESSAGES[status] ?? (status >= 500 ? FAILED : REFUSED) });
  };
}

// docs/security.md#work-per-client
const POST_MOST_MS = 5;
const REQUEST_LEAST_MS = 2.5;
const REFUSAL_PAUSE_MS = 1_000;
const TOO_MUCH_ASKED =
  "Your network has asked for a lot in the last few seconds, and other students are waiting.";
const FAILED = "Something went wrong on our side. Please try again.";
const REFUSED = "The request was refused.";
const MESSAGES: Record<number, string> = {
  400: "The request could not be read.",
  404: "Not found",
  413: "The request body is too large.",
  415: "Send the request body as application/json.",
};
