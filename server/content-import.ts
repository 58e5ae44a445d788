import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import type { DatabaseHandle } from "#database/client.server";
import { ImportRefused, importContent } from "#app/features/admin/public.server";
import type { FileStorage } from "#app/lib/file-storage.server";
import { openCommandDatabase, terminalIo, type CommandIo } from "./command-line";
import { ConfigError, parseConfig } from "./config";
import { openConfiguredStorage } from "./storage";

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
  io: CommandIo = terminalIo,
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
  let opened: DatabaseHandle | { refused: string };
  try {
    // The JWT secret plays no part in an import: none is read or made in DATA_DIR for it.
    const config = parseConfig(env, () => "unused by content:import".padEnd(32, "."));
    storage = await openConfiguredStorage(config);
    opened = await openCommandDatabase(config, { holder: "content:import", doing: "import" });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  if ("refused" in opened) {
    io.err(opened.refused);
    return 1;
  }
  const database = opened;

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
