import { createServer, type IncomingHttpHeaders, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "#server/config";

export const TEST_CONFIG: Config = {
  env: "test",
  port: 0,
  host: "127.0.0.1",
  siteName: "StudyZed",
  siteUrl: "http://localhost:3000",
  dataDir: "/nonexistent",
  usesDataDir: true,
  databaseUrl: undefined,
  jwtSecret: "test-secret-test-secret-test-secret-0123",
  logLevel: "silent",
  redisUrl: undefined,
  trustProxy: false,
  storage: { kind: "disk" },
};

export type RunningServer = { url: string; close(): Promise<void> };

/** Serves a request listener (the site, or an Express app) on a free loopback port. */
export async function serve(listener: RequestListener): Promise<RunningServer> {
  const server = createServer(listener).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A plain GET through node:http, its path sent exactly as written. fetch() resolves "%2e%2e"
 * and the like before sending, and adds "Cache-Control: no-cache" to any request
 * with a conditional header (the Fetch standard's no-store mode), which forbids a 304;
 * a phone's browser revalidating its cache does not.
 */
export async function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const { request } = await import("node:http");
  // The path is sent exactly as written: URL parsing would resolve "%2e%2e" and the like.
  const { hostname, port } = new URL(url);
  const path = url.replace(/^https?:\/\/[^/]+/, "") || "/";
  return new Promise((resolve, reject) => {
    request({ hostname, port, path, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    })
      .on("error", reject)
      .end();
  });
}
