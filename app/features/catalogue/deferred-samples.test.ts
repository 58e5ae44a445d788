import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials } from "#database/schema";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { responseCache } from "#app/lib/response-cache.server";
import { readCatalogueContent } from "./catalogue-files.server";
import { catalogueRows } from "./catalogue-rows";
import { loadCatalogue, makeDeferredSample, makeDeferredSamples } from "./load-catalogue.server";

/** The start leaves sample files for after it listens (docs/decisions/0054-kept-answers-before-express.md). */
describe.each(DATABASE_KINDS)("sample files left for later on %s", (kind) => {
  let database: TestDatabase;
  let folder: string;
  let storage: FileStorage;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    folder = await mkdtemp(path.join(tmpdir(), "studyzed-files-"));
    storage = localDiskStorage(folder);
  });
  afterAll(async () => {
    await database.destroy();
    await rm(folder, { recursive: true, force: true });
  });

  const withoutFile = async () =>
    (
      await database.db
        .select({ key: materials.key })
        .from(materials)
        .where(isNull(materials.fileId))
    ).length;

  it("are not written by the start, are made for the first download, then all in the background", async () => {
    const report = await loadCatalogue({
      db: database.db,
      storage,
      content: await readCatalogueContent(),
      deferSamples: true,
    });
    expect(report.samplesWritten).toBe(0);
    expect(await readdir(folder)).toEqual([]);
    const waiting = await withoutFile();
    expect(waiting).toBeGreaterThan(500);

    const key = "mathematics-indices";
    expect(await makeDeferredSample({ db: database.db, storage, key })).toBe(true);
    expect(await makeDeferredSample({ db: database.db, storage, key })).toBe(false);
    expect(await withoutFile()).toBe(waiting - 1);

    // A server that stops ends the pass; what is left stays for later.
    const stopping = new AbortController();
    const stopped = makeDeferredSamples({ db: database.db, storage, signal: stopping.signal });
    stopping.abort();
    expect(await stopped).toBe(0);
    expect(await withoutFile()).toBe(waiting - 1);

    expect(await makeDeferredSamples({ db: database.db, storage })).toBeGreaterThan(500);
    expect(await withoutFile()).toBe(0);

    // A restart on this data leaves nothing for later: no background pass over every material.
    await loadCatalogue({
      db: database.db,
      storage,
      content: await readCatalogueContent(),
      deferSamples: true,
    });
    let queries = 0;
    const counting = new Proxy(database.db, {
      get: (target, name, receiver) => {
        if (name === "select") queries++;
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    expect(await makeDeferredSamples({ db: counting, storage })).toBe(0);
    expect(queries).toBe(0);
  }, 120_000);

  it("clear the response cache once, when the pass ends, not for each download during it", async () => {
    const content = await readCatalogueContent();
    await database.db.update(materials).set({ fileId: null });
    await loadCatalogue({ db: database.db, storage, content, deferSamples: true });
    const cached = {
      status: 200,
      headers: [],
      etag: '"probe"',
      body: Buffer.from("probe"),
      br: Buffer.from(""),
      gzip: Buffer.from(""),
    };
    responseCache.set("/probe", cached);

    const pass = makeDeferredSamples({ db: database.db, storage });
    // The pass makes the samples in the content's order: the last is the last it reaches.
    const lastKey = catalogueRows(content).materials.at(-1)!.key;
    expect(await makeDeferredSample({ db: database.db, storage, key: lastKey })).toBe(true);
    expect(responseCache.get("/probe")).toBe(cached);

    expect(await pass).toBeGreaterThan(500);
    expect(responseCache.get("/probe")).toBeUndefined();
    // With no pass running, a download's sample clears it at once.
    responseCache.set("/probe", cached);
    await database.db.update(materials).set({ fileId: null }).where(eq(materials.key, lastKey));
    await loadCatalogue({ db: database.db, storage, content, deferSamples: true });
    expect(await makeDeferredSample({ db: database.db, storage, key: lastKey })).toBe(true);
    expect(responseCache.get("/probe")).toBeUndefined();
  }, 120_000);
});
