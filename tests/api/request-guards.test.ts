import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";

/** Addresses no route should ever see (docs/security.md#input and "Files"). */
describe("unreadable addresses", () => {
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    server = await serveSite({ database });
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it.each([
    ["/Data/%00", 404, "Not found"],
    ["/Data/1%0a", 404, "Not found"],
    ["/download/..%2f..%2fetc%2fpasswd", 404, "Not found"],
    ["/download/..%5c..%5cwin.ini", 404, "Not found"],
    ["/Data/%E0%A4%A", 400, "The address is not valid: it has a broken %-escape."],
    ["/List/?q=%00", 400, "The address contains characters that are not allowed."],
  ])("%s gets %i before any route", async (path, status, error) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error });
  });

  it("lets ordinary addresses through, query strings included", async () => {
    expect((await fetch(`${server.url}/List/?utm_source=whatsapp&x=%E0%A4%A`)).status).toBe(200);
    expect((await fetch(`${server.url}/Data/1`)).status).toBe(404);
  });

  it("lets a control character through in the query of /search alone, which reads it as a space", async () => {
    expect((await fetch(`${server.url}/search?q=quadratic%09equations%00`)).status).toBe(200);
    expect((await fetch(`${server.url}/search/x?q=%09`)).status).toBe(400);
    expect((await fetch(`${server.url}/about?q=%09`)).status).toBe(400);
  });
});
