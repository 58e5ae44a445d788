import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials } from "#database/schema";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import type { RunningServer } from "#tests/setup/http";
import { serveSite } from "#tests/setup/site-in-process";

describe.each(DATABASE_KINDS)("odd download requests on %s", (kind) => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  it("send the whole file for a Range whose last byte comes before its first (RFC 9110)", async () => {
    const whole = await fetch(`${server.url}/download/patho-2023-test-1`);
    const bytes = Buffer.from(await whole.arrayBuffer());
    const backwards = await fetch(`${server.url}/download/patho-2023-test-1`, {
      headers: { Range: "bytes=5-3" },
    });
    expect(backwards.status).toBe(200);
    expect(backwards.headers.get("content-range")).toBeNull();
    expect(Buffer.from(await backwards.arrayBuffer())).toEqual(bytes);
  });

  it("serve the lite copy at /lite only, not at /LITE or /Lite", async () => {
    for (const suffix of ["LITE", "Lite"]) {
      const response = await fetch(`${server.url}/download/patho-2023-test-1/${suffix}`, {
        redirect: "manual",
      });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-disposition")).toBeNull();
      await response.arrayBuffer();
    }
  });

  it("count a download once, not each part of it a client asks for", async () => {
    const count = async () =>
      (
        await seeded.database.db
          .select({ count: materials.downloadCount })
          .from(materials)
          .where(eq(materials.key, "patho-2022-test-1"))
      )[0]!.count;
    const before = await count();
    for (let probe = 0; probe < 20; probe++) {
      const part = await fetch(`${server.url}/download/patho-2022-test-1`, {
        headers: { Range: "bytes=0-0" },
      });
      expect(part.status).toBe(206);
      await part.arrayBuffer();
    }
    expect(await count()).toBe(before);
    const whole = await fetch(`${server.url}/download/patho-2022-test-1`, {
      headers: { Range: "bytes=0-" },
    });
    expect(whole.status).toBe(206);
    await whole.arrayBuffer();
    await expect.poll(count).toBe(before + 1);
  });
});
