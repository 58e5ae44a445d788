import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#database/client.server";

export type DatabaseKind = DatabaseHandle["kind"];

/** Every database test runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export type TestDatabase = DatabaseHandle & {
  /** Closes the connection and removes the database (PostgreSQL) so nothing is left behind. */
  destroy(): Promise<void>;
};

/** A fresh, migrated database of its own for one test file or test. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const templateFile = inject("pgliteTemplateFile");
    const database = await openDatabase({ kind: "pglite", dir: null, templateFile });
    return { ...database, destroy: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ kind: "postgres", url: empty.url });
  await database.migrate();
  return {
    ...database,
    destroy: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server, for a server process to set up. */
export async function createEmptyPostgresDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `studyzed_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}

async function withAdminClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
