import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { TestProject } from "vitest/node";
import { readCatalogueContent } from "#app/features/catalogue/catalogue-files.server";
import { loadCatalogue } from "#app/features/catalogue/load-catalogue.server";
import { localDiskStorage } from "#app/lib/file-storage.server";
import { openDatabase, type DatabaseHandle } from "#database/client.server";
import { createEmptyPostgresDatabase } from "./test-database";

/**
 * A new PGlite costs seconds (initdb), and loading the catalogue, with its sample files, seconds
 * more; loading a dumped one, or copying a PostgreSQL template, costs a fraction of that. Made
 * once per run, before any file starts, and shared with every file through `provide`:
 * - the migrated, empty PGlite;
 * - the seeded PGlite, and the seeded PostgreSQL when TEST_DATABASE_URL is set, each with the
 *   folder of files its catalogue rows name.
 */
type Templates = {
  pgliteTemplateFile: string;
  seededTemplates: SeededTemplates;
  remove(): Promise<void>;
};

export type SeededTemplates = {
  pglite: { templateFile: string; filesDir: string };
  postgres?: { url: string; filesDir: string };
};

async function dumpToFile(database: DatabaseHandle, file: string) {
  const dump = await database.dump!();
  // Kept unzipped: each test database loads it, ~100 ms sooner than from the gzipped dump.
  await writeFile(file, gunzipSync(await dump.arrayBuffer()));
}

async function seed(database: DatabaseHandle, filesDir: string) {
  const content = await readCatalogueContent();
  await loadCatalogue({ db: database.db, storage: localDiskStorage(filesDir), content });
}

async function makeTemplates(): Promise<Templates> {
  const folder = await mkdtemp(path.join(tmpdir(), "studyzed-template-"));
  const pgliteTemplateFile = path.join(folder, "pglite-template.tar");
  const empty = await openDatabase({ kind: "pglite", dir: null });
  await empty.migrate();
  await dumpToFile(empty, pgliteTemplateFile);
  await empty.close();

  const seededPglite = {
    templateFile: path.join(folder, "pglite-seeded.tar"),
    filesDir: path.join(folder, "pglite-files"),
  };
  const postgres = process.env.TEST_DATABASE_URL ? await createEmptyPostgresDatabase() : undefined;
  const seededPostgres = postgres && { url: postgres.url, filesDir: path.join(folder, "pg-files") };
  await Promise.all([
    (async () => {
      const database = await openDatabase({
        kind: "pglite",
        dir: null,
        templateFile: pgliteTemplateFile,
      });
      await seed(database, seededPglite.filesDir);
      await dumpToFile(database, seededPglite.templateFile);
      await database.close();
    })(),
    seededPostgres &&
      (async () => {
        const database = await openDatabase({ kind: "postgres", url: seededPostgres.url });
        await database.migrate();
        await seed(database, seededPostgres.filesDir);
        // A template database is copied only while nobody is connected to it.
        await database.close();
      })(),
  ]);
  return {
    pgliteTemplateFile,
    seededTemplates: { pglite: seededPglite, postgres: seededPostgres },
    remove: async () => {
      await postgres?.drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

// Each project names this setup: the first makes the templates, the others share them, and the
// last to finish removes them.
const shared = globalThis as { studyzedTemplates?: { made: Promise<Templates>; users: number } };

export default async function setup(project: TestProject) {
  shared.studyzedTemplates ??= { made: makeTemplates(), users: 0 };
  const templates = shared.studyzedTemplates;
  templates.users++;
  const { pgliteTemplateFile, seededTemplates } = await templates.made;
  project.provide("pgliteTemplateFile", pgliteTemplateFile);
  project.provide("seededTemplates", seededTemplates);
  return async () => {
    if (--templates.users > 0) return;
    delete shared.studyzedTemplates;
    await (await templates.made).remove();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
    seededTemplates: SeededTemplates;
  }
}
