import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseTarget } from "./database-integrity";
import { createEmptyPostgresDatabase, type DatabaseKind } from "./test-database";

export type ServerDatabase = {
  dataDir: string;
  /** Settings for startProductionServer: the database to use, and trusted proxy addresses. */
  env: Record<string, string>;
  /** The same database, for inspection once the server has stopped. */
  target: DatabaseTarget;
  destroy(): Promise<void>;
};

/**
 * A DATA_DIR of its own and, for PostgreSQL, an empty database, for server processes to
 * share. `postgresUrl` names an existing database instead, used as it is and kept afterwards.
 */
export async function prepareServerDatabase(
  kind: DatabaseKind,
  label: string,
  { postgresUrl }: { postgresUrl?: string } = {},
): Promise<ServerDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `studyzed-${label}-${kind}-`));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const env: Record<string, string> = { TRUST_PROXY: "1" };
  if (kind === "pglite") {
    return {
      dataDir,
      env,
      target: { kind: "pglite", dir: path.join(dataDir, "pglite") },
      destroy: removeDataDir,
    };
  }
  const database = postgresUrl
    ? { url: postgresUrl, drop: async () => {} }
    : await createEmptyPostgresDatabase();
  return {
    dataDir,
    // With a shared database every process must agree on the signing key (server/config.ts).
    env: {
      ...env,
      DATABASE_URL: database.url,
      JWT_SECRET: "server-test-secret-0123456789-abcdefghijklmnop",
    },
    target: { kind: "postgres", url: database.url },
    destroy: async () => {
      await database.drop();
      await removeDataDir();
    },
  };
}
