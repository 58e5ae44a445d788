import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase, pgliteDir, type DatabaseHandle } from "#database/client.server";
import { DataDirInUseError } from "#database/data-dir-lock";
import { ImportRefused, importContent } from "#app/features/admin/public.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import { ConfigError, parseConfig } from "./config";
import { openConfiguredStorage } from "./storage";

type Io = { out: (line: string) => void; err: (line: string) => void };

const USAGE =
  "Usage: npm run content:import -- PATH [--dry-run]   (PATH: a folder, or a .csv or .json manifest)";

/**
 * `npm run content:import -- PATH [--dry-run]` (docs/content-import.md): real files behind
 * the catalogue's entries, from a folder or a manifest. Works beside running servers on
 * PostgreSQL; on the embedded database it refuses while a server has the folder open, as
 * admin:create does. Returns the exit code: 1 when a file was refused.
 */
export async function runContentImport(
  argv: string[],
  io: Io = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  },
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { "dry-run": { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [source, ...more] = parsed.positionals;
  if (!source || more.length > 0) {
    io.err(USAGE);
    return 2;
  }

  if (!existsSync(source)) {
    io.err(`There is no file or folder at ${source}.`);
    return 1;
  }

  let storage: FileStorage;
  let database: DatabaseHandle;
  try {
    // The JWT secret plays no part in an import: none is read or made in DATA_DIR for it.
    const config = parseConfig(env, () => "unused by content:import".padEnd(32, "."));
    storage = await openConfiguredStorage(config);
    database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dir: pgliteDir(config.dataDir) },
      { holder: "content:import" },
    );
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof DataDirInUseError) {
      io.err(
        `Cannot import now: ${error.message}. Stop the server, run this command, then start the server again.`,
      );
      return 1;
    }
    throw error;
  }

  try {
    await database.oneAtATime(() => database.migrate());
    const report = await importContent({
      db: database.db,
      storage,
      source,
      dryRun: parsed.values["dry-run"],
    });
    for (const line of report.lines) io.out(line);
    return report.counts.refused > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ImportRefused) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
