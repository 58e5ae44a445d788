import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, sessionCookieFor } from "#tests/setup/accounts";
import { multipartBody } from "#tests/setup/forms";
import type { RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";
import { DATABASE_KINDS } from "#tests/setup/test-database";
import { placeholderPdf } from "#tests/setup/placeholder-pdf";

const PDF = placeholderPdf("Pathology 2019 Test 1, scanned", 2_000);

/**
 * /admin/catalogue says how much of the library is real (docs/decisions/0062-catalogue-coverage.md):
 * a line per page, and a plain link listing only the entries still serving a sample.
 */
describe.each(DATABASE_KINDS)("the catalogue's coverage on %s", (kind) => {
  let seeded: SeededDatabase;
  let server: RunningServer;
  let admin: string;

  beforeAll(async () => {
    seeded = await createSeededDatabase(kind);
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
    await createTestUser(seeded.database.db, "keeper", "admin");
    admin = await sessionCookieFor(server.url, "keeper");
  });
  afterAll(async () => {
    await server.close();
    await seeded.destroy();
  });

  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: admin } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const pathologyLine = (html: string) => /Pathology: (\d+) of (\d+) real/.exec(html)?.slice(1);

  it("counts a page's real files, one more after an upload, and lists only the samples when asked", async () => {
    const before = await page("/admin/catalogue");
    const [realBefore, total] = pathologyLine(before)!;
    expect(realBefore).toBe("0");
    expect(Number(total)).toBeGreaterThan(2);
    expect(before).toMatch(/In all: \d+ of \d+ real/);
    expect(before).toContain('href="/admin/catalogue/patho-2019-test-1"');
    // Every entry shows its key, the name the importer and the download address use.
    const keysShown = [
      ...before
        .replace(/<wbr\/?>|<!-- -->/g, "")
        .matchAll(/<code class="entry-key">([^<]+)<\/code>/g),
    ].map((match) => match[1]);
    const linked = [...before.matchAll(/href="\/admin\/catalogue\/([^"?]+)"/g)].map(
      (match) => match[1],
    );
    expect(keysShown).toEqual(linked);
    expect(keysShown).toContain("patho-2019-test-1");

    const { body, contentType } = multipartBody({ intent: "file" }, [
      { field: "file", fileName: "scan.pdf", type: "application/pdf", bytes: PDF },
    ]);
    const upload = await fetch(`${server.url}/admin/catalogue/patho-2019-test-1`, {
      method: "POST",
      headers: { cookie: admin, origin: server.url, "content-type": contentType },
      body: new Uint8Array(body),
    });
    expect(upload.status).toBe(200);

    const after = await page("/admin/catalogue");
    expect(pathologyLine(after)).toEqual(["1", total]);
    const samples = await page("/admin/catalogue?show=samples");
    expect(samples).not.toContain('href="/admin/catalogue/patho-2019-test-1"');
    expect(samples).toContain('href="/admin/catalogue/patho-2019-test-2"');
    expect(samples).toContain('href="/admin/catalogue">Show every entry</a>');
    expect(pathologyLine(samples)).toEqual(["1", total]);
  });
});
