import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { PGLITE_OPTIONS } from "./pglite-options";
import { PgliteThread } from "./pglite-thread";
import * as schema from "./schema";

/** The one database type the app codes against: the Postgres dialect, whichever driver. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  /** Embedded PGlite in memory (tests, the build's template), from a `template` (a dump) if given. */
  | { kind: "pglite"; dir: null; template?: Blob }
  /**
   * Embedded PGlite kept in `dir`, on a thread of its own; a database that does not exist yet
   * begins from `templateFile` (a gzipped dump) when given.
   */
  | { kind: "pglite"; dir: string; templateFile?: string };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseTarget["kind"];
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  /** Applies every migration not yet applied; safe to run on every start. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process does the same on this database: servers starting
   * together on one PostgreSQL would otherwise create the same tables at once and all but
   * one fail. A PostgreSQL session lock, so a process that dies holding it lets it go.
   */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database's files as a gzipped tarball, to start another from; none on PostgreSQL. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

/** The advisory lock a starting server holds while it prepares the database ("SZ" + "start"). */
const START_LOCK = 0x535a_0001;

/**
 * Migrations are resolved from the working directory, not from this file: in production
 * this module is bundled into build/server/, far from the folder.
 */
const MIGRATIONS_FOLDER = path.resolve("database/migrations");

export async function openDatabase(
  target: DatabaseTarget,
  {
    migrationsFolder = MIGRATIONS_FOLDER,
    holder = "a StudyZed process",
  }: {
    migrationsFolder?: string;
    /** Named in the error another process gets while this one has the embedded database open. */
    holder?: string;
  } = {},
): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    // The PostgreSQL driver is loaded only by a site that uses it: the embedded database's
    // start is kept short (docs/decisions/0057-start-within-a-second.md).
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] =
      await Promise.all([
        import("pg"),
        import("drizzle-orm/node-postgres"),
        import("drizzle-orm/node-postgres/migrator"),
      ]);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client that loses its server emits 'error'; unhandled, that would end the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      oneAtATime: async (work) => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [START_LOCK]);
          try {
            return await work();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [START_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      close: () => (pool.ended ? Promise.resolve() : pool.end()),
    };
  }

  if (target.dir === null) {
    const client = await PGlite.create({ loadDataDir: target.template, ...PGLITE_OPTIONS });
    return pgliteHandle(client, {
      ping: async () => {
        if (client.closed) throw new Error("the embedded database is closed");
        await client.query("select 1");
      },
      migrationsFolder,
    });
  }
  // In a folder: on a thread of its own, which takes DATA_DIR's lock (./pglite-thread.ts).
  const thread = await PgliteThread.open({
    dir: target.dir,
    templateFile: target.templateFile,
    holder,
  });
  return pgliteHandle(thread, {
    ping: async () => {
      await thread.query("select 1");
    },
    migrationsFolder,
  });
}

/** The calls Drizzle and this module make of PGlite, which ./pglite-thread.ts answers too. */
type PgliteClient = Pick<
  PgliteThread,
  "query" | "exec" | "transaction" | "dumpDataDir" | "close" | "closed"
>;

function pgliteHandle(
  client: PgliteClient,
  { ping, migrationsFolder }: { ping: () => Promise<void>; migrationsFolder: string },
): DatabaseHandle {
  // Drizzle's PGlite driver calls query, exec and transaction; a PgliteThread has the same.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    kind: "pglite",
    ping,
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process holds the embedded database (./data-dir-lock.ts): nothing to wait for.
    oneAtATime: (work) => work(),
    dump: () => client.dumpDataDir("gzip"),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export { pgliteDir } from "./pglite-thread";

/** The rows of a raw statement: both drivers answer with { rows }; the shared Database type cannot say so. */
export async function selectRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}
