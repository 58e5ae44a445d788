import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { materials } from "#database/schema";
import { rawGet, type RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";

describe.each(DATABASE_KINDS)("GET /download/{key} on %s", (kind) => {
  let seeded: SeededDatabase;
  let database: SeededDatabase["database"];
  let server: RunningServer;

  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    database = seeded.database;
    server = await serveSite({ database, storage: seeded.storage });
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  const downloadCount = async (key: string) =>
    (
      await database.db
        .select({ count: materials.downloadCount })
        .from(materials)
        .where(eq(materials.key, key))
    )[0]?.count;

  it("streams the stored file with its type, a readable name, length and ETag, and counts it", async () => {
    const before = await downloadCount("mathematics-indices");
    const response = await fetch(`${server.url}/download/mathematics-indices`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(response.headers.get("etag")).toBe(
      `"${createHash("sha256").update(bytes).digest("hex")}"`,
    );
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Mathematics - Indices (Grade Ten).pdf"; filename*=UTF-8''Mathematics%20%E2%80%93%20Indices%20%28Grade%20Ten%29.pdf`,
    );
    await expect.poll(() => downloadCount("mathematics-indices")).toBe(before! + 1);
  });

  it("resumes a broken download: a Range gets 206 with exactly that slice, counted once", async () => {
    const whole = Buffer.from(
      await (await fetch(`${server.url}/download/patho-2023-test-1`)).arrayBuffer(),
    );
    const counted = await downloadCount("patho-2023-test-1");
    const response = await fetch(`${server.url}/download/patho-2023-test-1`, {
      headers: { Range: "bytes=100-" },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(
      `bytes 100-${whole.byteLength - 1}/${whole.byteLength}`,
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(whole.subarray(100));
    const middle = await fetch(`${server.url}/download/patho-2023-test-1`, {
      headers: { Range: "bytes=10-19" },
    });
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(whole.subarray(10, 20));
    expect(await downloadCount("patho-2023-test-1")).toBe(counted);
  });

  it("answers 416 for a range past the end, and ignores a Range for another version", async () => {
    const outside = await fetch(`${server.url}/download/patho-2023-test-1`, {
      headers: { Range: "bytes=999999-" },
    });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toMatch(/^bytes \*\/\d+$/);
    // The refusal is JSON, not a PDF to be saved (docs/security.md#files).
    expect(outside.headers.get("content-type")).toMatch(/^application\/json/);
    expect(outside.headers.get("content-disposition")).toBeNull();
    const stale = await fetch(`${server.url}/download/patho-2023-test-1`, {
      headers: { Range: "bytes=0-9", "If-Range": '"stale"' },
    });
    expect(stale.status).toBe(200);
  });

  it("answers 304 to a client that already has this version", async () => {
    const first = await fetch(`${server.url}/download/book-grade-12-physics-made-easy`);
    await first.arrayBuffer();
    const again = await fetch(`${server.url}/download/book-grade-12-physics-made-easy`, {
      headers: { "If-None-Match": first.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("answers 304 to a saved copy's tag however it comes back, and sends a changed file whole", async () => {
    const first = await fetch(`${server.url}/download/patho-2023-test-2`);
    const bytes = Buffer.from(await first.arrayBuffer());
    const etag = first.headers.get("etag")!;
    // Strong, so a phone's saved copy can be checked byte for byte.
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const counted = await downloadCount("patho-2023-test-2");
    for (const ifNoneMatch of [`W/${etag}`, `"older", ${etag}`, "*"]) {
      const again = await fetch(`${server.url}/download/patho-2023-test-2`, {
        headers: { "If-None-Match": ifNoneMatch },
      });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
    }
    expect(await downloadCount("patho-2023-test-2")).toBe(counted);
    const changed = await fetch(`${server.url}/download/patho-2023-test-2`, {
      headers: { "If-None-Match": '"a-version-replaced-since"' },
    });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer())).toEqual(bytes);
  });

  it("serves media inline and uncounted for the players", async () => {
    const before = await downloadCount("podcast-mindset-change");
    const response = await fetch(`${server.url}/media/podcast-mindset-change`, {
      headers: { Range: "bytes=0-3" },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-type")).toBe("audio/ogg");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(Buffer.from(await response.arrayBuffer()).toString("latin1")).toBe("OggS");
    expect(await downloadCount("podcast-mindset-change")).toBe(before);
  });

  it("redirects to an external address and counts it", async () => {
    await database.db
      .update(materials)
      .set({ externalUrl: "https://files.example/paper.pdf", externalByteSize: 1234 })
      .where(eq(materials.key, "histo-2020-test-1"));
    const before = await downloadCount("histo-2020-test-1");
    const response = await fetch(`${server.url}/download/histo-2020-test-1`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://files.example/paper.pdf");
    await expect.poll(() => downloadCount("histo-2020-test-1")).toBe(before! + 1);
  });

  it.each([
    "no-such-material",
    "..%2f..%2fetc%2fpasswd",
    "%2e%2e",
    "mathematics-indices%00",
    "a".repeat(200),
    ".env",
  ])("does not serve /download/%s", async (key) => {
    const response = await rawGet(`${server.url}/download/${key}`);
    expect(response.status).toBe(404);
  });
});
