import { request, type ClientRequest, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUploadPath } from "#server/body-timeouts";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { multipartBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

/** The short body limit this test's server has, in place of 30 seconds. */
const BODY_TIMEOUT_MS = 300;

/** What happened to a request that stopped sending half-way through its body. */
type Stalled = {
  request: ClientRequest;
  /** The answer, when one came. */
  response: () => IncomingMessage | undefined;
  /** The answer's body, once the connection has closed. */
  body: () => string;
  /** Whether the connection has closed. */
  closed: () => boolean;
};

/**
 * Sends the headers and half the body, then nothing more; or, with `trickle`, a byte every
 * 50 ms, so that the connection is never idle.
 */
function stallHalfWay(
  server: RunningServer,
  path: string,
  body: Buffer,
  headers: Record<string, string>,
  { trickle = false } = {},
): Stalled {
  const { hostname, port } = new URL(server.url);
  let response: IncomingMessage | undefined;
  let text = "";
  let closed = false;
  const sent = request(
    {
      hostname,
      port,
      path,
      method: "POST",
      headers: { ...headers, "content-length": String(body.byteLength) },
    },
    (answer) => {
      response = answer;
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (text += chunk));
      answer.on("error", () => {});
    },
  );
  sent.on("error", () => {});
  sent.on("socket", (socket) => socket.on("close", () => (closed = true)));
  let at = Math.floor(body.byteLength / 2);
  sent.write(body.subarray(0, at));
  if (trickle) {
    const drip = setInterval(() => {
      if (closed || sent.destroyed || at >= body.byteLength - 1) return clearInterval(drip);
      sent.write(body.subarray(at, ++at));
    }, 50);
  }
  return { request: sent, response: () => response, body: () => text, closed: () => closed };
}

/** Polls until `check` holds, for at most `ms` (a generous bound, never a timing). */
async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && !check()) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

/**
 * A sender who stops half-way through a body holds a connection: it is cut off after the
 * short body limit everywhere but on the admin upload addresses, which keep the long one
 * for a large file over a slow link (docs/security.md#slow-requests).
 */
describe.each(DATABASE_KINDS)("slow request bodies on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let admin: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await serveSite({ database, bodyTimeoutMs: BODY_TIMEOUT_MS });
    await createTestUser(database.db, "slowadmin", "admin");
    admin = await sessionCookieFor(server.url, "slowadmin");
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
  });

  it("answers a login whose body stalls half-way with a 408, and closes the connection", async () => {
    const body = Buffer.from(
      JSON.stringify({ username: "slowadmin", password: "Lusaka-Sunset-Over-Kafue-9" }),
    );
    const stalled = stallHalfWay(server, "/api/token/", body, {
      "content-type": "application/json",
    });
    try {
      expect(await eventually(stalled.closed)).toBe(true);
      expect(stalled.response()?.statusCode).toBe(408);
      expect(stalled.response()?.headers.connection).toBe("close");
      expect(stalled.body()).toBe("The request body took too long to arrive. Please try again.\n");
    } finally {
      stalled.request.destroy();
    }
  });

  it("lets an admin's upload that pauses keep its connection past the short limit", async () => {
    const { body, contentType } = multipartBody({ intent: "file" }, [
      {
        field: "file",
        fileName: "notes.pdf",
        type: "application/pdf",
        bytes: Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200_000, "x")]),
      },
    ]);
    const stalled = stallHalfWay(server, "/admin/catalogue/mathematics-indices", body, {
      cookie: admin,
      origin: server.url,
      "content-type": contentType,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 3 * BODY_TIMEOUT_MS));
      expect(stalled.response()).toBeUndefined();
      expect(stalled.closed()).toBe(false);
    } finally {
      stalled.request.destroy();
    }
  });

  it("gives what is left of an upload's body the short limit once it has been answered", async () => {
    // Not signed in: answered at once (to the login page), before the body is read. The rest
    // comes a byte at a time, so Node's idle limit never closes the connection.
    const { body, contentType } = multipartBody({ intent: "file" }, [
      { field: "file", fileName: "a.pdf", type: "application/pdf", bytes: Buffer.alloc(200_000) },
    ]);
    const stalled = stallHalfWay(
      server,
      "/admin/catalogue/mathematics-indices",
      body,
      { origin: server.url, "content-type": contentType },
      { trickle: true },
    );
    try {
      expect(await eventually(stalled.closed)).toBe(true);
      expect(stalled.response()?.statusCode).not.toBe(408);
    } finally {
      stalled.request.destroy();
    }
  });
});

describe("the upload addresses", () => {
  it("are the admin pages that take files, and no others", () => {
    for (const path of [
      "/admin/catalogue/mathematics-indices",
      "/admin/catalogue/mathematics-indices/",
      "/admin/catalogue/mathematics-indices.data",
      "/admin/articles/new",
      "/admin/articles/12",
      "/Admin/Articles/12",
    ])
      expect(isUploadPath(path), path).toBe(true);
    for (const path of [
      "/api/token/",
      "/register/",
      "/admin",
      "/admin/catalogue",
      "/admin/articles",
      "/admin/articles/12/preview",
      "/admin/catalogue/x/y",
      "/login",
    ])
      expect(isUploadPath(path), path).toBe(false);
  });
});
