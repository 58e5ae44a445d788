import { AwsClient } from "aws4fetch";
import { StorageUnavailableError } from "./file-storage.server";

/** Where the S3 store is and who we are to it (server/config.ts checks each part). */
export type S3Location = {
  bucket: string;
  /** Key prefix without slashes at either end; "" for the bucket's root. */
  prefix: string;
  /** A custom endpoint (R2, MinIO, B2, a test server): path-style addresses when set. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** An answer from the store that is neither the expected success nor a plain "not there". */
export class S3ResponseError extends StorageUnavailableError {
  override name = "S3ResponseError";
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    what: string,
  ) {
    super(`${what}: the store answered ${status}${code ? ` ${code}` : ""}`);
  }
}

/**
 * Signed requests to one bucket. Each request has a time limit on its answer's headers
 * only, so a long download is never cut off by it; an unreachable store or one that does
 * not answer becomes a StorageUnavailableError.
 */
export function s3Requests(location: S3Location) {
  // No retries of aws4fetch's own: its backoff would hold a health check or a page
  // for seconds, and a part upload that fails aborts the upload cleanly instead.
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

  /** The key of a name under the prefix, e.g. "studyzed/ab/ab12…". */
  const keyOf = (name: string) => (location.prefix ? `${location.prefix}/${name}` : name);
  const urlOf = (key: string, query?: Record<string, string>) => {
    const url = new URL(`${base}/${key.split("/").map(encodeURIComponent).join("/")}`);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    return url;
  };

  async function send(
    what: string,
    url: URL,
    init: RequestInit & { timeoutMs: number },
  ): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), init.timeoutMs);
    try {
      return await client.fetch(url.toString(), { ...init, signal: controller.signal });
    } catch (error) {
      throw new StorageUnavailableError(
        controller.signal.aborted
          ? `${what}: no answer from the store within ${init.timeoutMs / 1000} s`
          : `${what}: the store could not be reached (${describe(error)})`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Throws an S3ResponseError naming the store's error code unless the answer is a success. */
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
    /** HEAD of the bucket: a cheap "are you there, and may we use you". */
    async headBucket(timeoutMs: number): Promise<void> {
      const what = "reach the bucket";
      const response = await send(what, new URL(base), { method: "HEAD", timeoutMs });
      // A HEAD answer has no body to name the error: the status alone tells it.
      if (!response.ok) throw new S3ResponseError(response.status, undefined, what);
    },
    client,
  };
}

export type S3Requests = ReturnType<typeof s3Requests>;

/** The text of the first <name>…</name> in an S3 XML answer. */
export function xmlValue(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match?.[1];
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
