import { parseArgs, type ParseArgsConfig } from "node:util";
import { openDatabase, pgliteDir, type DatabaseHandle } from "#database/client.server";
import { DataDirInUseError } from "#database/data-dir-lock";
import { ConfigError, parseConfig, type Config } from "#server/config";
import { askServingProcess, RemoteRefusal, type RemoteIo } from "./command-socket.server";

export type CommandIo = { out: (line: string) => void; err: (line: string) => void };
export type Env = Record<string, string | undefined>;

export const terminalIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export class UsageError extends Error {}

export class CommandRefused extends Error {}

export async function runCommand(io: CommandIo, usage: string, work: () => Promise<number>) {
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

// A command that signs nothing must not create the JWT secret in DATA_DIR.
export const configWithoutSecret = (env: Env, command: string) =>
  parseConfig(env, () => `unused by ${command}`.padEnd(32, "."));

/** The same command run by the server that holds the embedded database, and how to read its result. */
type ViaServer<T> = {
  command: string;
  request: unknown;
  io: RemoteIo;
  parse: (result: unknown) => T;
};

export async function withCommandDatabase<T>(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  { holder, doing, viaServer }: { holder: string; doing: string; viaServer?: ViaServer<T> },
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
    const asked = viaServer && (await askServer(config.dataDir, viaServer));
    if (asked) return viaServer.parse(asked.result);
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

async function askServer<T>(dataDir: string, { command, request, io }: ViaServer<T>) {
  try {
    return await askServingProcess(dataDir, command, request, io);
  } catch (error) {
    if (error instanceof RemoteRefusal) throw new CommandRefused(error.message);
    throw error;
  }
}
