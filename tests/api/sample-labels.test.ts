import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFile } from "#app/features/downloads/public.server";
import { materials } from "#database/schema";
import type { RunningServer } from "#tests/setup/http";
import { createSeededDatabase, type SeededDatabase } from "#tests/setup/seeded-database";
import { serveSite } from "#tests/setup/site-in-process";

/** The row of one past paper on its page's HTML, from its download address to the end of its item. */
function paperRow(html: string, key: string) {
  const start = html.indexOf(`href="/download/${key}"`);
  expect(start, key).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</li>", start));
}

describe("the 'Sample file' note", () => {
  let seeded: SeededDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    seeded = await createSeededDatabase("pglite");
    const { db } = seeded.database;
    // The operator has put the real 2023 Test 1 in place; every other paper is still a sample.
    const fileId = await storeFile({
      db,
      storage: seeded.storage,
      bytes: Buffer.from("%PDF-1.4\n% the real Pathology 2023 Test 1\n"),
      file: {
        contentType: "application/pdf",
        fileName: "Pathology 2023 Test 1.pdf",
        isSample: false,
      },
    });
    await db.update(materials).set({ fileId }).where(eq(materials.key, "patho-2023-test-1"));
    // And the real Sets booklet: mathematics is no longer a page of samples only.
    const booklet = await storeFile({
      db,
      storage: seeded.storage,
      bytes: Buffer.from("%PDF-1.4\n% the real Sets booklet\n"),
      file: { contentType: "application/pdf", fileName: "Sets.pdf", isSample: false },
    });
    await db
      .update(materials)
      .set({ fileId: booklet })
      .where(eq(materials.key, "mathematics-sets"));
    server = await serveSite({ database: seeded.database, storage: seeded.storage });
  });
  afterAll(async () => {
    await server?.close();
    await seeded?.destroy();
  });

  it("is said beside each topic once one real file is on the page, and not beside the real one", async () => {
    const html = await (await fetch(`${server.url}/tutorials/mathematics`)).text();
    expect(html).not.toContain("Every file on this page is a sample");
    const topic = (title: string) => {
      const start = html.indexOf(`<h3 class="card__title">${title}</h3>`);
      expect(start, title).toBeGreaterThan(0);
      return html.slice(start, html.indexOf('class="topic__more"', start));
    };
    expect(topic("Sets")).toContain(
      "Sample files — the real practice test and answers will be added later.",
    );
    expect(topic("Indices")).toContain(
      "Sample files — the real booklet, practice test and answers will be added later.",
    );
  });

  it("goes once the real file is in place, and stays on the papers that are still samples", async () => {
    const html = await (await fetch(`${server.url}/tutorials/patho`)).text();
    expect(paperRow(html, "patho-2023-test-1")).not.toContain("Sample file");
    expect(paperRow(html, "patho-2023-test-2")).toContain(
      "Sample file — the real paper will be added later.",
    );
  });
});
