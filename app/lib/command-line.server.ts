import { parseArgs, type ParseArgsConfig } from "node:util";
import { openDatabase, pgliteDir, type DatabaseHandle } from "#database/client.server";
import { DataDirInUseError } from "#database/data-dir-lock";
import { ConfigError, parseConfig, type Config } from "#server/config";

/** Where a command (`npm run admin:create`, `storage:copy`, `content:import`) writes its lines. */
export type CommandIo = { out: (line: string) => void; err: (line: string) => void };

export const terminalIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The command was called wrongly: its usage is shown, after the message if there is one. */
export class UsageError extends Error {}

/** The command cannot go on, for the reason its message gives. */
export class CommandRefused extends Error {}

/** Runs a command's work and gives its exit code: 2 for a wrong call, 1 for a refusal. */
export async function runCommand(
  io: CommandIo,
  usage: string,
  work: () => Promise<number>,
): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message ? `${error.message}\n${usage}` : usage);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof CommandRefused) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

export function commandArgs<T extends ParseArgsConfig>(options: T) {
  try {
    return parseArgs<T>(options);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The settings, without the JWT secret a command that signs nothing must not make. */
export const configWithoutSecret = (env: Record<string, string | undefined>, command: string) =>
  parseConfig(env, () => `unused by ${command}`.padEnd(32, "."));

/**
 * Runs `work` on the site's database, migrated. The embedded database allows one process,
 * so while a server holds it the command is refused with a line saying what to do.
 */
export async function withCommandDatabase<T>(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  { holder, doing }: { holder: string; doing: string },
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dir: pgliteDir(config.dataDir) },
      { holder },
    );
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    throw new CommandRefused(
      `Cannot ${doing} now: ${error.message}. Stop the server, run this command, then start the server again.`,
    );
  }
  try {
    await database.oneAtATime(() => database.migrate());
    return await work(database);
  } finally {
    await database.close();
  }
}
