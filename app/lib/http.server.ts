import type { RouterContextProvider } from "react-router";
import { appContext } from "./app-context.server";

/**
 * The JSON answers of the site's calls: every failure is a JSON body with `error`
 * (docs/security.md, "Errors"), and helpers that refuse a request throw such an answer, so
 * a call reads top to bottom without checking after every step.
 */

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

export function jsonError(status: number, error: string, headers?: HeadersInit): Response {
  return json({ error }, { status, headers });
}

/** The answer to a method this address does not take. */
export function methodNotAllowed(allowed: string): Response {
  const verbs = allowed.split(",")[0]!.trim();
  return jsonError(405, `Use ${verbs} for this address.`, { Allow: allowed });
}

/** Refuses (by throwing) any method but the one this call takes. */
export function requireMethod(request: Request, method: string): void {
  if (request.method !== method) throw methodNotAllowed(method);
}

/**
 * The JSON body of a request, read with a size cap and checked for what body-parser checked
 * before it: a JSON content type (415), UTF-8 and no compression (415), the cap (413), and
 * an object or array at the top (400). An empty body reads as `{}`, so the schema that
 * follows names every missing field.
 */
export async function readJsonBody(
  request: Request,
  { maxBytes }: { maxBytes: number },
): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  const [mediaType, ...parameters] = type.split(";").map((part) => part.trim().toLowerCase());
  if (mediaType !== "application/json") {
    throw jsonError(415, "Send the request body as application/json.");
  }
  const charset = parameters.find((parameter) => parameter.startsWith("charset="))?.slice(8);
  if (charset && !["utf-8", "utf8"].includes(charset.replace(/"/g, ""))) {
    throw jsonError(415, "Send the request body as UTF-8 text.");
  }
  const encoding = request.headers.get("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity") {
    throw jsonError(415, "Send the request body uncompressed.");
  }
  const text = await readText(request, maxBytes);
  if (text.trim() === "") return {};
  if (!/^\s*[[{]/.test(text)) throw unreadable();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unreadable();
  }
}

/**
 * The fields of a small form post (application/x-www-form-urlencoded, as <Form> sends it),
 * read with a size cap. Repeated names keep their last value, as a schema over single
 * fields expects.
 */
export async function readFormFields(
  request: Request,
  { maxBytes }: { maxBytes: number },
): Promise<Record<string, string>> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw jsonError(415, "Send the form as application/x-www-form-urlencoded.");
  }
  return Object.fromEntries(new URLSearchParams(await readText(request, maxBytes)));
}

const unreadable = () => jsonError(400, "The request could not be read.");
const tooLarge = () => jsonError(413, "The request body is too large.");

async function readText(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    // A body that breaks off (its sender gone, or cut off as too slow: docs/security.md,
    // "Slow requests") is the sender's doing: refused, never logged as our failure.
    const { done, value } = await reader.read().catch(() => {
      throw unreadable();
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

type CallArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * Wraps a call's handler: a refusal a helper threw is sent as it is; anything unexpected is
 * logged and answered with a JSON 500 that gives nothing away (docs/security.md, "Errors").
 */
export function jsonCall<Args extends CallArgs>(handler: (args: Args) => Promise<Response>) {
  return async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      const { logger } = args.context.get(appContext);
      logger.error({ err: error, path: new URL(args.request.url).pathname }, "request failed");
      return jsonError(500, "Something went wrong on our side. Please try again.");
    }
  };
}
