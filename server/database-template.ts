import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, pgliteDir } from "#database/client.server";
import { localDiskStorage } from "#app/lib/file-storage.server";
import type { Config } from "./config";
import { createLogger } from "./logger";
import { prepareDatabase, preparedFingerprint } from "./prepare-database";

/** PGlite's own initdb takes seconds; a fresh start loads this copy in about one. */
const DATABASE_TEMPLATE = path.resolve("build/pglite-template.tar.gz");

/** The server's embedded database: its folder in DATA_DIR, and the build's template if any. */
export function embeddedDatabaseOf(config: Config) {
  return {
    kind: "pglite" as const,
    dir: pgliteDir(config.dataDir),
    templateFile: existsSync(DATABASE_TEMPLATE) ? DATABASE_TEMPLATE : undefined,
  };
}

/** What the database is prepared from: the server's build, the content files, the migrations. */
export function siteFingerprint(): string {
  return preparedFingerprint(
    ["build/server", "content", "database/migrations"].map((folder) => path.resolve(folder)),
  );
}

/**
 * Run by `npm run build`: the database a fresh start begins from, prepared as a start prepares
 * it, samples left for later (docs/decisions/0057-start-within-a-second.md).
 */
export async function writeDatabaseTemplate(file = DATABASE_TEMPLATE): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dir: null });
  const scratch = await mkdtemp(path.join(tmpdir(), "studyzed-template-"));
  try {
    await prepareDatabase({
      database,
      storage: localDiskStorage(scratch),
      logger: createLogger({ level: "warn" }),
      fingerprint: siteFingerprint(),
    });
    const dump = await database.dump!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
