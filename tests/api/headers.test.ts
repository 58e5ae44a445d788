import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { serveApi, type RunningServer } from "../setup/http";

describe("every response", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    server = await serveApi({ database });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it.each(["/healthz", "/no-such-endpoint"])("%s carries the security headers and no version", async (path) => {
    const response = await fetch(`${server.url}${path}`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("server")).toBeNull();
    expect(response.headers.get("content-type")).toMatch(/charset=utf-8/);
  });

  it("gives each response its own script nonce", async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec((await fetch(`${server.url}/healthz`)).headers.get("content-security-policy") ?? "")?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await fetch(`${server.url}/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });
});
