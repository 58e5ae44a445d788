import { openDatabase, pgliteDir, type DatabaseHandle } from "#database/client.server";
import { DataDirInUseError } from "#database/data-dir-lock";
import type { Config } from "./config";

/** Where a command (`npm run admin:create`, `storage:copy`, `content:import`) writes its lines. */
export type CommandIo = { out: (line: string) => void; err: (line: string) => void };

export const terminalIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * The database a command works on, as the server's settings name it; or, on the embedded
 * database while a server holds DATA_DIR (it allows one process), the line that says so:
 * "Cannot {doing} now: … Stop the server, run this command, then start the server again."
 */
export async function openCommandDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  { holder, doing }: { holder: string; doing: string },
): Promise<DatabaseHandle | { refused: string }> {
  try {
    return await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dir: pgliteDir(config.dataDir) },
      { holder },
    );
  } catch (error) {
    if (error instanceof DataDirInUseError)
      return {
        refused: `Cannot ${doing} now: ${error.message}. Stop the server, run this command, then start the server again.`,
      };
    throw error;
  }
}
