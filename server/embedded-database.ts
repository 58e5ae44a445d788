/**
 * Where the site's embedded database is, and its early open: bin/start.js calls
 * `openEmbeddedDatabaseEarly` before it loads the server's code, so that PostgreSQL's own
 * start (on the database's thread) and the code's loading run side by side
 * (docs/decisions/0066-embedded-database-in-a-worker.md). Kept small: it is loaded first.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pgliteDir, PgliteThread } from "#database/pglite-thread";
import { parseConfig, type Config } from "./config";

/**
 * A fresh start begins from an embedded database the build prepared (./database-template.ts):
 * PGlite's own initdb takes seconds, loading this copy a little over one.
 */
export const DATABASE_TEMPLATE = path.resolve("build/pglite-template.tar.gz");

/** Named in the error another process gets while the server has the database open. */
export const SERVER_HOLDER = "the StudyZed server";

/** The server's embedded database: its folder in DATA_DIR, and the build's template if any. */
export function embeddedDatabaseOf(config: Config) {
  return {
    kind: "pglite" as const,
    dir: pgliteDir(config.dataDir),
    templateFile: existsSync(DATABASE_TEMPLATE) ? DATABASE_TEMPLATE : undefined,
  };
}

/**
 * Begins opening the embedded database that the server's start will open, when the
 * configuration names one. A configuration that does not parse is left to the start,
 * which says what is wrong with it.
 */
export function openEmbeddedDatabaseEarly(env: Record<string, string | undefined>): void {
  let config: Config;
  try {
    config = parseConfig(env);
  } catch {
    return;
  }
  if (config.databaseUrl) return;
  const { dir, templateFile } = embeddedDatabaseOf(config);
  PgliteThread.openEarly({ dir, templateFile, holder: SERVER_HOLDER });
}
