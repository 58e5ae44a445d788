import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { appContext } from "./lib/app-context.server";
import { json } from "./lib/http.server";
import { serializeError } from "./lib/logger";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

/** onAllReady, not onShellReady: link previews and search engines read the whole document. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A page script's post (app/lib/post-form.ts) gets its action's data, not the page.
  const { actionData } = routerContext.staticHandlerContext;
  if (actionData && request.headers.get("Accept") === "application/json") {
    return json(Object.values(actionData)[0] ?? null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD")
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const { cspNonce, logger } = loadContext.get(appContext);

  return new Promise<Response>((resolve, reject) => {
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={cspNonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
      </NonceProvider>,
      {
        nonce: cspNonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          logger.error({ err: error, url: new URL(request.url).pathname }, "page render failed");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A 4xx the router made itself (a method a page does not take) is the request's fault.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // An error raised before the context exists has no logger yet.
  const logger = (context as RouterContextProvider | undefined)?.get(appContext).logger;
  if (logger)
    logger.error({ err: error, path: new URL(request.url).pathname }, "request handler failed");
  // eslint-disable-next-line no-console -- the logger is not reachable here
  else console.error("request handler failed", JSON.stringify(serializeError(error)));
};
