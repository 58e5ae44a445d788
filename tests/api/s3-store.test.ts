import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials } from "#database/schema";
import type { FileStorage } from "#app/lib/file-storage.server";
import { s3Storage } from "#app/lib/s3-storage.server";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { multipartBody } from "#tests/setup/forms";
import { rawGet, type RunningServer } from "#tests/setup/http";
import { startS3Server, type RunningS3Server } from "#tests/setup/s3-server";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";

const storeOf = (s3: RunningS3Server, options: { redirectDownloads?: boolean } = {}) =>
  s3Storage(
    {
      bucket: s3.bucket,
      prefix: "site",
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    },
    options,
  );

/**
 * The site with its files in an S3 store (docs/requirements.md#downloads-and-files):
 * the same answers as from the disk, a presigned redirect when asked for, and a store
 * that goes away later is a 503 and a health check that names it, never a 500.
 */
describe("the site with its files in an S3 store", () => {
  let s3: RunningS3Server;
  let seeded: SeededDatabase;
  let proxied: RunningServer;
  let redirecting: RunningServer;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = storeOf(s3);
    seeded = await createSeededDatabase("pglite", { storage });
    proxied = await serveSite({ database: seeded.database, storage });
    redirecting = await serveSite({
      database: seeded.database,
      storage: storeOf(s3, { redirectDownloads: true }),
    });
  });
  afterAll(async () => {
    await proxied.close();
    await redirecting.close();
    await seeded.destroy();
    await s3.stop();
  });

  const downloadCount = async (key: string) =>
    (
      await seeded.database.db
        .select({ count: materials.downloadCount })
        .from(materials)
        .where(eq(materials.key, key))
    )[0]?.count;

  it("streams a download with its ETag and name, and a Range of it", async () => {
    const response = await fetch(`${proxied.url}/download/patho-2023-test-1`);
    expect(response.status).toBe(200);
    const whole = Buffer.from(await response.arrayBuffer());
    expect(whole.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(response.headers.get("etag")).toBe(
      `"${createHash("sha256").update(whole).digest("hex")}"`,
    );
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    const part = await fetch(`${proxied.url}/download/patho-2023-test-1`, {
      headers: { Range: "bytes=10-19" },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(10, 20));
  });

  it("answers the health check with the store up", async () => {
    const response = await fetch(`${proxied.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up", storage: "up" });
  });

  it("redirects a counted download to a short-lived address that serves it, Range included", async () => {
    const before = await downloadCount("mathematics-indices");
    // As the Android app asks: node's fetch would say Sec-Fetch-Mode: cors, a page's own fetch.
    const response = await rawGet(`${redirecting.url}/download/mathematics-indices`);
    expect(response.status).toBe(302);
    expect(response.headers["cache-control"]).toBe("no-store");
    const location = response.headers.location!;
    expect(location).toContain("X-Amz-Expires=300");
    expect(await downloadCount("mathematics-indices")).toBe(before! + 1);

    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get("content-type")).toBe("application/pdf");
    expect(fromStore.headers.get("content-disposition")).toContain(
      'attachment; filename="Mathematics - Indices (Grade Ten).pdf"',
    );
    const whole = Buffer.from(await fromStore.arrayBuffer());
    const part = await fetch(location, { headers: { Range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(0, 8));

    // HEAD and a revalidation are still answered by the site, without a redirect.
    const etag = `"${createHash("sha256").update(whole).digest("hex")}"`;
    const head = await fetch(`${redirecting.url}/download/mathematics-indices`, {
      method: "HEAD",
      redirect: "manual",
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect(await downloadCount("mathematics-indices")).toBe(before! + 1);
    const again = await fetch(`${redirecting.url}/download/mathematics-indices`, {
      headers: { "If-None-Match": etag },
      redirect: "manual",
    });
    expect(again.status).toBe(304);
  });

  it("sends the bytes itself to a page's own fetch, which could not follow to the bucket", async () => {
    const before = await downloadCount("mathematics-indices");
    const forPage = await rawGet(`${redirecting.url}/download/mathematics-indices`, {
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Site": "same-origin",
    });
    expect(forPage.status).toBe(200);
    expect(forPage.body.startsWith("%PDF-")).toBe(true);
    expect(await downloadCount("mathematics-indices")).toBe(before! + 1);
    for (const mode of ["navigate", "no-cors"]) {
      const followed = await rawGet(`${redirecting.url}/download/mathematics-indices`, {
        "Sec-Fetch-Mode": mode,
      });
      expect(followed.status, mode).toBe(302);
    }
  });
});

describe("a site whose S3 store becomes unreachable", () => {
  let s3: RunningS3Server;
  let seeded: SeededDatabase;
  let server: RunningServer;
  let admin: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    const storage = storeOf(s3);
    seeded = await createSeededDatabase("pglite", { storage });
    server = await serveSite({ database: seeded.database, storage });
    await createTestUser(seeded.database.db, "keeper", "admin");
    admin = await sessionCookieFor(server.url, "keeper");
    await s3.stop();
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  it("answers downloads with 503 and a message to try again, not 500", async () => {
    const response = await fetch(`${server.url}/download/mathematics-indices`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("120");
    expect(await response.json()).toEqual({
      error: "Files cannot be fetched just now. Please try again in a few minutes.",
    });
  });

  it("says in /healthz that the store, not the database, is down", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "unavailable",
      database: "up",
      storage: "down",
    });
  });

  it("tells the admin an upload was not saved, and why, on the page", async () => {
    const { body, contentType } = multipartBody({ intent: "file" }, [
      {
        field: "file",
        fileName: "notes.pdf",
        type: "application/pdf",
        bytes: placeholderPdf("the real Indices booklet", 2_000),
      },
    ]);
    const response = await fetch(`${server.url}/admin/catalogue/mathematics-indices`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: admin, origin: server.url, "content-type": contentType },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(
      "The file store cannot be reached just now, so the file was not saved.",
    );
  });
});
