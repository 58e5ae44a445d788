import { crc32, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { articleFormFields, multipartBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";

/** A 68-byte PNG whose header says 16,000 × 16,000 pixels: 768 MB once decoded. */
function hugePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16_000, 0);
  header.writeUInt32BE(16_000, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(10))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const REFUSED = "That picture is larger than 50 megapixels: make it smaller and upload it again.";

describe("a picture of 16,000 × 16,000 pixels", () => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  let admin: string;
  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
    await createTestUser(seeded.database.db, "boss", "admin");
    admin = await sessionCookieFor(server.url, "boss");
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  const post = (path: string, { body, contentType }: { body: Buffer; contentType: string }) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: admin, origin: server.url, "content-type": contentType },
      body: new Uint8Array(body),
    });

  it("is refused for an article, which keeps what was typed", async () => {
    const fields = articleFormFields({ title: "With a huge picture", intent: "draft" });
    const response = await post(
      "/admin/articles/new",
      multipartBody(fields, [
        { field: "images.0.file", fileName: "huge.png", type: "image/png", bytes: hugePng() },
      ]),
    );
    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).toContain(REFUSED);
    expect(page).toContain('value="With a huge picture"');
  });

  it("is refused as a cover before it is decoded", async () => {
    const response = await post(
      "/admin/catalogue/mathematics-indices",
      multipartBody({ intent: "image" }, [
        { field: "file", fileName: "huge.png", type: "image/png", bytes: hugePng() },
      ]),
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(REFUSED);
  });
});
