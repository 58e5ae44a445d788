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
    readonly code: string | undefined,
    what: string,
  ) {
    super(`${what}: the store responded ${status}${code ? ` ${code}` : ""}`);
  }
}

// The time limit covers the response's headers only, so a long download is never cut off.
const RESPONSE_TIMEOUT_MS = 10_000;

export function s3Requests(location: S3Location) {
  // No retries: aws4fetch's backoff would hold a health check or a page for seconds.
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    service: "s3",
    region: location.region,
    retries: 0,
  });
  const base = location.endpoint
    ? `${location.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(location.bucket)}`
    : `https://${location.bucket}.s3.${location.region}.amazonaws.com`;

  const keyOf = (name: string) => (location.prefix ? `${location.prefix}/${name}` : name);
  const urlOf = (key: string, query?: Record<string, string>) => {
    const url = new URL(`${base}/${key.split("/").map(encodeURIComponent).join("/")}`);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    return url;
  };

  async function send(
    what: string,
    url: URL,
    { timeoutMs = RESPONSE_TIMEOUT_MS, ...init }: RequestInit & { timeoutMs?: number },
  ): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await client.fetch(url.toString(), { ...init, signal: controller.signal });
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
    send,
    expectOk,
    async sendOk(what: string, url: URL, init: RequestInit & { timeoutMs?: number }) {
      return expectOk(what, await send(what, url, init));
    },
    async headBucket(timeoutMs: number): Promise<void> {
      const what = "reach the bucket";
      const response = await send(what, new URL(base), { method: "HEAD", timeoutMs });
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
