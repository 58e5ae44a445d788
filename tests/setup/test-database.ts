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

/**
 * A fresh, migrated database of its own for one test file or test; `seeded`, with the whole
 * checked-in catalogue loaded, copied from the run's template (tests/setup/database-template.ts).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  { seeded = false }: { seeded?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const templateFile = seeded
      ? inject("seededTemplates").pglite.templateFile
      : inject("pgliteTemplateFile");
    const database = await openDatabase({ kind: "pglite", dir: null, templateFile });
    return { ...database, destroy: () => database.close() };
  }
  const template = seeded ? inject("seededTemplates").postgres?.url : undefined;
  if (seeded && !template)
    throw new Error("No seeded PostgreSQL template: is TEST_DATABASE_URL set?");
  const empty = await createEmptyPostgresDatabase({ template });
  const database = await openDatabase({ kind: "postgres", url: empty.url });
  if (!template) await database.migrate();
  return {
    ...database,
    destroy: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new PostgreSQL database on TEST_DATABASE_URL's server, empty or a template's copy. */
export async function createEmptyPostgresDatabase({
  template,
}: {
  /** The address of a database to copy, that nobody is connected to. */
  template?: string;
} = {}): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `studyzed_test_${randomBytes(6).toString("hex")}`;
  // Names made here only: lower-case letters, digits and underscores.
  const copied = template ? ` template ${new URL(template).pathname.slice(1)}` : "";
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}${copied}`));
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
