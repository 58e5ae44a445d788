import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { readCatalogueContent } from "#app/features/catalogue/catalogue-files.server";
import { loadCatalogue } from "#app/features/catalogue/load-catalogue.server";
import { loadArticles } from "#app/features/articles/load-articles.server";
import { indexPagesAndQuizzes } from "#app/features/search/public.server";
import { localDiskStorage, type FileStorage } from "#app/lib/file-storage.server";
import { createTestDatabase, type DatabaseKind, type TestDatabase } from "./test-database";

export type SeededDatabase = {
  database: TestDatabase;
  storage: FileStorage;
  destroy(): Promise<void>;
};

/**
 * A fresh database with the whole checked-in catalogue loaded, and a file store of its own
 * (a new folder, holding the sample files its rows name), or the given store, loaded here.
 */
export async function createSeededDatabase(
  kind: DatabaseKind,
  { storage: given }: { storage?: FileStorage } = {},
): Promise<SeededDatabase> {
  const database = await createTestDatabase(kind, { seeded: !given });
  const folder = await mkdtemp(path.join(tmpdir(), "studyzed-files-"));
  const storage = given ?? localDiskStorage(folder);
  if (given)
    await loadCatalogue({ db: database.db, storage, content: await readCatalogueContent() });
  else {
    const template = inject("seededTemplates")[kind];
    if (!template) throw new Error(`No seeded ${kind} template`);
    await cp(template.filesDir, folder, { recursive: true });
  }
  return {
    database,
    storage,
    destroy: async () => {
      await database.destroy();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A seeded database as a server has it after start, as far as search goes: the catalogue, the
 * sample articles, and the sections' and quizzes' search entries.
 */
export async function createSearchableDatabase(kind: DatabaseKind): Promise<SeededDatabase> {
  const seeded = await createSeededDatabase(kind);
  await loadArticles({ db: seeded.database.db });
  await indexPagesAndQuizzes(seeded.database.db, await readCatalogueContent());
  return seeded;
}
