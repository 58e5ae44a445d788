import { data, type RouterContextProvider } from "react-router";
import { appContext } from "./app-context.server";

export const notFound = () => data(null, { status: 404 });

export const notAllowed = (reason?: string) =>
  data(reason === undefined ? null : { message: reason }, { status: 403 });

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

export const jsonError = (status: number, error: string, headers?: HeadersInit) =>
  json({ error }, { status, headers });

export function methodNotAllowed(allowed: string): Response {
  const verbs = allowed.split(",")[0]!.trim();
  return jsonError(405, `Use ${verbs} for this address.`, { Allow: allowed });
}

export function requireMethod(request: Request, method: string): void {
  if (request.method !== method) throw methodNotAllowed(method);
}

// An empty body reads as `{}`, so the schema names every missing field.
export async function readJsonBody(request: Request, { maxBytes }: { maxBytes: number }) {
  const type = request.headers.get("content-type") ?? "";
  const [mediaType, ...parameters] = type.split(";").map((part) => part.trim().toLowerCase());
  if (mediaType !== "application/json")
    throw jsonError(415, "Send the request body as application/json.");
  const charset = parameters.find((parameter) => parameter.startsWith("charset="))?.slice(8);
  if (charset && !["utf-8", "utf8"].includes(charset.replace(/"/g, "")))
    throw jsonError(415, "Send the request body as UTF-8 text.");
  const encoding = request.headers.get("content-encoding")?.trim().toLowerCase();
  if (encoding && encoding !== "identity")
    throw jsonError(415, "Send the request body uncompressed.");
  const text = await readText(request, maxBytes);
  if (text.trim() === "") return {};
  if (!/^\s*[[{]/.test(text)) throw unreadable();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unreadable();
  }
}

export async function readFormFields(request: Request, { maxBytes }: { maxBytes: number }) {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded")
    throw jsonError(415, "Send the form as application/x-www-form-urlencoded.");
  return Object.fromEntries(new URLSearchParams(await readText(request, maxBytes)));
}

const unreadable = () => jsonError(400, "The request could not be read.");
const tooLarge = () => jsonError(413, "The request body is too large.");

async function readText(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of request.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    // A body cut off (docs/security.md#input) is the sender's fault, not logged as ours.
    throw error instanceof Response ? error : unreadable();
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

type CallArgs = { request: Request; context: Readonly<RouterContextProvider> };

export const jsonCall =
  <Args extends CallArgs>(handler: (args: Args) => Promise<Response>) =>
  async (args: Args): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      const { logger } = args.context.get(appContext);
      logger.error({ err: error, path: new URL(args.request.url).pathname }, "request failed");
      return jsonError(500, "Something went wrong on our side. Please try again.");
    }
  };
