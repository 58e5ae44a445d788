import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materials } from "#database/schema";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "#tests/setup/test-database";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { readCatalogueContent } from "./catalogue-files.server";
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
});
