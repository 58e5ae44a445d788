import { AwsClient } from "aws4fetch";
import { StorageUnavailableError } from "./file-storage.server";

export type S3Location = {
  bucket: string;
  prefix: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export class S3ResponseError extends StorageUnavailableError {
  override name = "S3ResponseError";
  constructor(
    readonly status: number,
    code: string | undefined,
    what: string,
  ) {
    super(`${what}: the store responded ${status}${code ? ` ${code}` : ""}`);
  }
}

type Init = RequestInit & { query?: Record<string, string>; timeoutMs?: number };

// The time limit covers the response's headers only, so a long download is never cut off.
const RESPONSE_TIMEOUT_MS = 10_000;

export function s3Requests(location: S3Location) {
  // No retries: aws4fetch's backoff would hold a health check or a page for seconds.
  const client = new AwsClient({ ...location, service: "s3", retries: 0 });
  const base = location.endpoint
    ? `${location.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(location.bucket)}`
    : `https://${location.bucket}.s3.${location.region}.amazonaws.com`;

  const keyOf = (name: string) => (location.prefix ? `${location.prefix}/${name}` : name);
  const pathOf = (key: string) => key.split("/").map(encodeURIComponent).join("/");
  const urlOf = (key: string, query: Record<string, string> = {}) => {
    const url = new URL(`${base}/${pathOf(key)}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  };

  async function send(
    what: string,
    key: string | null,
    { query, timeoutMs = RESPONSE_TIMEOUT_MS, ...init }: Init,
  ): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const url = key === null ? base : urlOf(key, query).toString();
    try {
      return await client.fetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      throw new StorageUnavailableError(
        controller.signal.aborted
          ? `${what}: no response from the store within ${timeoutMs / 1000} s`
          : `${what}: the store could not be reached (${describe(error)})`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function expectOk(what: string, response: Response): Promise<Response> {
    if (response.ok) return response;
    const body = await response.text().catch(() => "");
    throw new S3ResponseError(response.status, xmlValue(body, "Code"), what);
  }

  return {
    keyOf,
    urlOf,
    copySource: (key: string) => `/${encodeURIComponent(location.bucket)}/${pathOf(key)}`,
    send,
    expectOk,
    sendOk: async (what: string, key: string, init: Init) =>
      expectOk(what, await send(what, key, init)),
    async headBucket(timeoutMs: number): Promise<void> {
      const what = "reach the bucket";
      const response = await send(what, null, { method: "HEAD", timeoutMs });
      // A HEAD response has no body to name the error.
      if (!response.ok) throw new S3ResponseError(response.status, undefined, what);
    },
    client,
  };
}

export type S3Requests = ReturnType<typeof s3Requests>;

export function xmlValue(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
