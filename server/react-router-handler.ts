import { writeReadableStreamToWritable } from "@react-router/node";
import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext, type AppServices } from "#app/lib/app-context.server";
import { sharedResponses } from "#app/lib/content-caches.server";
import { keepable, sendKeptAnswer, sharedKeyOf } from "./response-cache";

/**
 * Every address in app/routes.ts, answered by React Router: Express hands over the request
 * and sends back the Response the route made. Answers that are the same for every student
 * are kept and sent from memory (server/response-cache.ts) without rendering again.
 */
export function reactRouterHandler({
  build,
  mode,
  services,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  services: AppServices;
}): RequestHandler {
  const handleRequest = handlerFor(build, mode);
  const render = (req: ExpressRequest, res: ExpressResponse, options?: RenderOptions) =>
    handleRequest(fetchRequestOf(req, res, options), contextOf(req, res, services));

  return async (req, res, next) => {
    try {
      const key = sharedKeyOf(req);
      if (!key) return await send(res, await render(req, res));
      let own: Response | undefined;
      const entry = await sharedResponses.get(key, async () => {
        // Rendered as a GET whatever the method, and to the end even if this student leaves:
        // the answer is for everyone who asks for the address.
        const result = await keepable(await render(req, res, { forEveryone: true }));
        if ("kept" in result) return result.kept;
        own = result.response;
        // Made in the background while this request was sent the answer past its TTL.
        if (res.writableEnded) void own.body?.cancel();
        return null;
      });
      // Express has set the security headers already; the kept answer's own are added to them.
      if (entry) return void sendKeptAnswer(req, res, entry, []);
      // The answer could not be kept: the request that rendered it sends it; any request that
      // waited on that one renders its own.
      await send(res, own ?? (await render(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

type RenderOptions = { forEveryone?: boolean };

function contextOf(req: ExpressRequest, res: ExpressResponse, services: AppServices) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    ...services,
    cspNonce: String(res.locals.cspNonce ?? ""),
    clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
  });
  return context;
}

/** The Fetch API request React Router reads, made from Express's. */
function fetchRequestOf(
  req: ExpressRequest,
  res: ExpressResponse,
  { forEveryone = false }: RenderOptions = {},
): Request {
  const url = new URL(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = forEveryone ? "GET" : req.method;
  const init: RequestInit & { duplex?: "half" } = { method, headers };
  if (!forEveryone) {
    // A student who leaves stops the work done for them alone.
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    init.signal = controller.signal;
  }
  if (method !== "GET" && method !== "HEAD") {
    init.body = bodyOf(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The request body as a stream that reads from the network only when a route reads it. A
 * route that refuses a request without reading it (a wrong content type, a body too large)
 * leaves the bytes to Node, which discards them once the answer is sent, and keeps the
 * connection usable for the client's next request. A route that stops reading part-way
 * (cancel) lets Node discard the rest the same way.
 */
function bodyOf(req: ExpressRequest): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    { pull: (controller) => nextChunk(req, controller), cancel: () => void req.resume() },
    { highWaterMark: 0 },
  );
}

/** Waits for the next piece of the request body and hands it on, or closes at its end. */
function nextChunk(
  req: ExpressRequest,
  controller: ReadableStreamDefaultController<Uint8Array>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      req.off("readable", read);
      req.off("end", end);
      req.off("error", fail);
      req.off("close", closed);
    };
    const end = () => {
      stop();
      controller.close();
      resolve();
    };
    const fail = (error: Error) => {
      stop();
      reject(error);
    };
    // A sender who goes away destroys the request, with an error only when one is being
    // listened for at that moment: the body fails either way, so that whoever reads it
    // (an upload's temporary file) stops at once (docs/security.md, "Uploads").
    const closed = () => {
      if (!req.readableEnded) fail(new Error("the request body broke off"));
    };
    const read = () => {
      const chunk = req.read() as Buffer | null;
      if (chunk === null) {
        if (req.readableEnded) end();
        return;
      }
      stop();
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
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

/** Sends a Fetch API response through Express, streaming its body. */
async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // A student who left mid-download is not an error of ours.
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * React Router's handler for the build. Given a function, React Router derives its route
 * table again on every request (about a twentieth of a page's CPU); the production build never
 * changes, so it is loaded and derived once. Development keeps the function: Vite may reload it.
 */
function handlerFor(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
): ReturnType<typeof createRequestHandler> {
  if (typeof build !== "function" || mode === "development")
    return createRequestHandler(build, mode);
  let ready: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (request, context) => {
    if (!ready) {
      ready = build().then((loaded) => createRequestHandler(loaded, mode));
      // A build that failed to load is tried again by the next request.
      ready.catch(() => (ready = undefined));
    }
    return (await ready)(request, context);
  };
}
