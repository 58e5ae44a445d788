import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { readCatalogueContent } from "#app/features/catalogue/catalogue-files.server";
import { loadCatalogue } from "#app/features/catalogue/load-catalogue.server";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./test-database";

export type SeededDatabase = {
  database: TestDatabase;
  storage: FileStorage;
  destroy(): Promise<void>;
};

/** A fresh database with the whole checked-in catalogue loaded, and a file store of its own. */
export async function createSeededDatabase(kind: DatabaseKind): Promise<SeededDatabase> {
  const database = await createTestDatabase(kind);
  const folder = await mkdtemp(path.join(tmpdir(), "studyzed-files-"));
  const storage = localDiskStorage(folder);
  await loadCatalogue({ db: database.db, storage, content: await readCatalogueContent() });
  return {
    database,
    storage,
    destroy: async () => {
      await database.destroy();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
