import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#database/client.server";

/**
 * A new PGlite costs seconds (initdb); loading a dumped, migrated one costs a fraction
 * of that. Built once per run, shared with every test file through `provide`.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), "studyzed-template-"));
  const templateFile = path.join(folder, "pglite-template.tar");
  const database = await openDatabase({ kind: "pglite", dir: null });
  await database.migrate();
  const dump = await database.dump!();
  // Kept unzipped: each test database loads it, ~100 ms sooner than from the gzipped dump.
  await writeFile(templateFile, gunzipSync(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplateFile", templateFile);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
  }
}
