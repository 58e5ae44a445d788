import { PDFDocument } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FileStorage } from "#app/lib/file-storage.server";
import type { JobRunner } from "#app/lib/job-queue.server";
import { createLogger } from "#server/logger";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { multipartBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { scannedPdf } from "#tests/setup/pdf-fixtures";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite, startSiteJobs } from "#tests/setup/site-in-process";
import { DATABASE_KINDS } from "#tests/setup/test-database";

/**
 * A real PDF over 1 MB gets a lite copy in the background, and its links then offer both,
 * Lite first (app/features/downloads/lite-copies.server.ts); a copy that cannot be made is
 * retried, then reported on /admin/catalogue, while the full file is served all along.
 */
describe.each(DATABASE_KINDS)("lite copies on a site on %s", (kind) => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  let storage: FileStorage;
  const runners: JobRunner[] = [];
  let admin: string;
  let scan: Uint8Array;
  /** Set, the store refuses to keep new bytes given whole (a lite copy; uploads stream). */
  let savesFail = false;

  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    const real = seeded.storage;
    storage = {
      ...real,
      save: (bytes) =>
        savesFail ? Promise.reject(new Error("the store is full")) : real.save(bytes),
    };
    server = await serveSite({ database: seeded.database, storage });
    await createTestUser(seeded.database.db, "keeper", "admin");
    admin = await sessionCookieFor(server.url, "keeper");
    scan = await scannedPdf(5);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await server?.close();
    await seeded?.destroy();
  });

  /** The site's jobs, as a server starts them (after a restart, too). */
  const startJobs = async () =>
    runners.push(
      await startSiteJobs({
        database: seeded.database,
        storage,
        logger: createLogger({ level: "silent" }),
        onlyProcess: true,
        timings: { pollMs: 100, leaseMs: 60_000, retryDelaysMs: [0, 0] },
      }),
    );
  const upload = async (key: string, bytes: Uint8Array) => {
    const { body, contentType } = multipartBody({ intent: "file" }, [
      { field: "file", fileName: "scan.pdf", type: "application/pdf", bytes: Buffer.from(bytes) },
    ]);
    const answer = await fetch(`${server.url}/admin/catalogue/${key}`, {
      method: "POST",
      headers: { cookie: admin, origin: server.url, "content-type": contentType },
      body: new Uint8Array(body),
    });
    expect(answer.status).toBe(200);
  };
  const page = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(`${server.url}${path}`, { headers })).text();

  it("offers the lite copy first, with both sizes, once it is made; the full file stays", async () => {
    expect(scan.byteLength).toBeGreaterThan(1_000_000);
    // Uploaded while no server runs jobs (one stopped before it could): the job waits.
    await upload("patho-2019-test-1", scan);
    // Until the copy is made, the lite address sends the student to the full file.
    const early = await fetch(`${server.url}/download/patho-2019-test-1/lite`, {
      redirect: "manual",
    });
    expect(early.status).toBe(302);
    expect(early.headers.get("location")).toBe("/download/patho-2019-test-1");
    expect(await page("/admin/catalogue", { cookie: admin })).toContain(
      "1 lite copy still to make.",
    );
    // The entry's own page says whether its lite copy exists.
    expect(await page("/admin/catalogue/patho-2019-test-1", { cookie: admin })).toContain(
      "No lite copy yet: it is being made.",
    );
    await startJobs();

    await vi.waitFor(
      async () =>
        expect(await page("/tutorials/patho")).toContain('href="/download/patho-2019-test-1/lite"'),
      { timeout: 30_000, interval: 200 },
    );
    const html = await page("/tutorials/patho");
    // The paper's row downloads the lite copy and says so; the full file is the link after it.
    const row =
      /<li><a class="paper-row" href="\/download\/patho-2019-test-1\/lite"[\s\S]*?<\/li>/.exec(
        html,
      )?.[0];
    expect(row).toMatch(/Lite, [\d.]+ (KB|MB)/);
    expect(row).toMatch(
      /<a href="\/download\/patho-2019-test-1" download="">Full, 1\.\d MB[^<]*<\/a>/,
    );
    expect(row).toContain('data-save-offline="/download/patho-2019-test-1/lite"');
    expect(row!.indexOf("Lite,")).toBeLessThan(row!.indexOf("Full,"));

    const lite = await fetch(`${server.url}/download/patho-2019-test-1/lite`);
    expect(lite.status).toBe(200);
    expect(lite.headers.get("content-disposition")).toContain(
      'filename="Pathology 2019 Test 1 (lite).pdf"',
    );
    const liteBytes = new Uint8Array(await lite.arrayBuffer());
    expect(liteBytes.byteLength * 3).toBeLessThanOrEqual(scan.byteLength);
    expect((await PDFDocument.load(liteBytes)).getPageCount()).toBe(5);
    const full = await fetch(`${server.url}/download/patho-2019-test-1`);
    expect(Buffer.from(await full.arrayBuffer()).equals(Buffer.from(scan))).toBe(true);

    expect(await page("/admin/catalogue", { cookie: admin })).toMatch(
      /Pathology 2019 Test 1\.pdf \(1\.\d MB\) · lite copy [\d.]+ (KB|MB)/,
    );
    expect(await page("/admin/catalogue/patho-2019-test-1", { cookie: admin })).toMatch(
      /Lite copy: [\d.]+ (KB|MB), [\d.]+× smaller than the full 1\.\d MB\./,
    );
  });

  it("sends a sample's lite address to the file itself", async () => {
    const answer = await fetch(`${server.url}/download/patho-2019-test-2/lite`, {
      redirect: "manual",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/download/patho-2019-test-2");
  });

  it(
    "retries a copy that cannot be made, then reports it on /admin/catalogue; the full file is served",
    { timeout: 60_000 },
    async () => {
      // Another scan (other bytes), whose lite copy the store will not keep.
      const other = await scannedPdf(4);
      savesFail = true;
      await upload("patho-2019-test-2", other);
      await vi.waitFor(
        async () =>
          expect(await page("/admin/catalogue", { cookie: admin })).toContain(
            "Pathology 2019 Test 2.pdf: the store is full (tried 3 times",
          ),
        { timeout: 30_000, interval: 200 },
      );
      const links = await page("/tutorials/patho");
      expect(links).toContain('href="/download/patho-2019-test-2"');
      expect(links).not.toContain('href="/download/patho-2019-test-2/lite"');
      const full = await fetch(`${server.url}/download/patho-2019-test-2`);
      expect(Buffer.from(await full.arrayBuffer()).equals(Buffer.from(other))).toBe(true);
      savesFail = false;
    },
  );
});
