import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import pg from "pg";

export type DatabaseTarget = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

export type Inspection = {
  usernames: Set<string>;
  /** Indexes that amcheck found inconsistent with themselves or their table. */
  brokenIndexes: string[];
  /** Accounts whose row is incomplete: no password hash, or no name. */
  halfWrittenAccounts: number;
};

type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/**
 * Opens a database the server has stopped using and checks it as docs/security.md#reliability asks:
 * every btree index verified by amcheck against its table (heapallindexed), and every
 * account row whole.
 */
export async function inspectDatabase(target: DatabaseTarget): Promise<Inspection> {
  if (target.kind === "pglite") {
    const client = await PGlite.create(target.dir, { extensions: { amcheck } });
    try {
      return await inspect(
        async (text, params) => (await client.query(text, params)).rows as never,
      );
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await inspect(
      async <Row>(text: string, params?: unknown[]) =>
        (await client.query(text, params)).rows as Row[],
    );
  } finally {
    await client.end();
  }
}

async function inspect(query: Query): Promise<Inspection> {
  await query("create extension if not exists amcheck");
  const indexes = await query<{ name: string }>(
    `select c.relname as name from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_am am on am.oid = c.relam
       join pg_namespace n on n.oid = c.relnamespace
     where am.amname = 'btree' and n.nspname = 'public'`,
  );
  const brokenIndexes: string[] = [];
  for (const { name } of indexes) {
    try {
      await query("select bt_index_check($1::regclass, true)", [name]);
    } catch (error) {
      brokenIndexes.push(`${name}: ${(error as Error).message}`);
    }
  }
  const users = await query<{ username: string }>("select username from users");
  const [{ count }] = (await query<{ count: string | number }>(
    "select count(*) as count from users where password_hash not like '$argon2id$%' or first_name = '' or last_name = ''",
  )) as [{ count: string | number }];
  if (indexes.length === 0) brokenIndexes.push("no indexes were found to check");
  return {
    usernames: new Set(users.map((user) => user.username)),
    brokenIndexes,
    halfWrittenAccounts: Number(count),
  };
}
