import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleField } from "#app/features/admin/article-form";
import { localDiskStorage, TEMPORARY_FILE_MAX_AGE_MS } from "#app/lib/file-storage.server";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { multipartBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { startProductionServer } from "#tests/setup/production-server";
import { serveSite } from "#tests/setup/site-in-process";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";

const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(400_000, "x")]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(400_000, 1),
]);

/**
 * An admin upload whose connection is cut off half-way leaves nothing behind: its temporary
 * file in DATA_DIR/files/tmp is removed and its descriptor closed at once, not at the next
 * garbage collection (docs/security.md#uploads).
 */
describe.each(DATABASE_KINDS)("a cut-off upload on %s", (kind) => {
  let database: TestDatabase;
  let server: RunningServer;
  let filesFolder: string;
  let admin: string;
  const temporaryFolder = () => path.join(filesFolder, "tmp");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    filesFolder = await mkdtemp(path.join(tmpdir(), "studyzed-cut-off-"));
    server = await serveSite({ database, storage: localDiskStorage(filesFolder) });
    await createTestUser(database.db, "cutoffadmin", "admin");
    admin = await sessionCookieFor(server.url, "cutoffadmin");
  });
  afterAll(async () => {
    await server.close();
    await database.destroy();
    await rm(filesFolder, { recursive: true, force: true });
  });

  /** The files in the temporary folder (none when it is not there yet). */
  async function temporaryFiles(): Promise<string[]> {
    return readdir(temporaryFolder()).catch(() => []);
  }

  /** Polls until `check` holds, for at most `ms`; answers whether it did. */
  async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return check();
  }

  const uploads = [
    {
      name: "a material's file",
      address: "/admin/catalogue/mathematics-indices",
      form: multipartBody({ intent: "file" }, [
        { field: "file", fileName: "notes.pdf", type: "application/pdf", bytes: PDF },
      ]),
    },
    {
      name: "an article's picture",
      address: "/admin/articles/new",
      form: multipartBody({ intent: "draft" }, [
        {
          field: articleField.image("images.0", "file"),
          fileName: "diagram.png",
          type: "image/png",
          bytes: PNG,
        },
      ]),
    },
  ];

  for (const { name, address, form } of uploads) {
    it(`removes the temporary file of ${name} when the sender goes away half-way`, async () => {
      const { body, contentType } = form;
      const { hostname, port } = new URL(server.url);
      const sent = request({
        hostname,
        port,
        path: address,
        method: "POST",
        headers: {
          cookie: admin,
          origin: server.url,
          "content-type": contentType,
          "content-length": String(body.byteLength),
        },
      });
      sent.on("error", () => {});
      sent.write(body.subarray(0, body.byteLength / 2));
      // The upload has begun: its temporary file is there.
      expect(await eventually(async () => (await temporaryFiles()).length > 0)).toBe(true);
      sent.destroy();
      expect(await eventually(async () => (await temporaryFiles()).length === 0)).toBe(true);
    });
  }
});

describe("the production server at start", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "studyzed-sweep-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("removes the temporary files a crash left, and keeps one still arriving", async () => {
    const folder = path.join(dataDir, "files", "tmp");
    await mkdir(folder, { recursive: true });
    const leftOver = path.join(folder, "0123456789abcdef.upload");
    await writeFile(leftOver, "half a file, left by a crash");
    const old = new Date(Date.now() - TEMPORARY_FILE_MAX_AGE_MS - 60_000);
    await utimes(leftOver, old, old);
    // Written a moment ago: another server process on the same files may be receiving it.
    await writeFile(path.join(folder, "fedcba9876543210.upload"), "arriving");

    const server = await startProductionServer({ dataDir });
    try {
      expect(await readdir(folder)).toEqual(["fedcba9876543210.upload"]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 90_000);
});
