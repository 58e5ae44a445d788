import { once } from "node:events";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { type SQL, sql } from "drizzle-orm";
import { drizzle, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase } from "drizzle-orm/pg-core";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Database = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  /** PGlite in `dir`, or in memory when null; a new database begins from `templateFile`. */
  | { kind: "pglite"; dir: string | null; templateFile?: string };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseTarget["kind"];
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /** Servers starting together on one PostgreSQL would otherwise create the same tables at once. */
  oneAtATime<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database's files as a gzipped tarball, to start another from. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

/** The advisory lock a starting server holds while it prepares the database ("SZ" + "start"). */
const START_LOCK = 0x535a_0001;

/** Resolved from the working directory: built, this module is bundled far from the folder. */
const MIGRATIONS_FOLDER = path.resolve("database/migrations");
const PGLITE_WORKER = path.resolve("database/pglite-worker.js");

/** `holder` is named in the error another process gets while this one holds the embedded database. */
export async function openDatabase(
  target: DatabaseTarget,
  { holder = "a StudyZed process" }: { holder?: string } = {},
): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    return handle(pool, {
      kind: "postgres",
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
    });
  }

  let lock: { release(): Promise<void> } | undefined;
  if (target.dir !== null) {
    await mkdir(path.dirname(target.dir), { recursive: true });
    lock = await lockDataDir(path.dirname(target.dir), holder);
  }
  // A Unix socket's path has at most ~107 bytes.
  const socketParent = tmpdir().length <= 80 ? tmpdir() : "/tmp";
  const socketDir = await mkdtemp(path.join(socketParent, "studyzed-db-"));
  const release = async () => {
    await rm(socketDir, { recursive: true, force: true });
    await lock?.release();
  };
  const worker = await startWorker({
    dir: target.dir,
    templateFile: target.templateFile,
    socketPath: path.join(socketDir, ".s.PGSQL.5432"),
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const exited = once(worker, "exit");
  // One connection: PGlite is one session, and pglite-socket interleaves the messages of
  // several. Settings given, so PG* variables meant for PostgreSQL do not reach it.
  const pool = new pg.Pool({
    host: socketDir,
    user: "postgres",
    database: "postgres",
    ssl: false,
    max: 1,
    idleTimeoutMillis: 0,
  });
  return handle(pool, {
    kind: "pglite",
    oneAtATime: (work) => work(),
    dump: async () => {
      worker.postMessage("dump");
      const [bytes] = (await once(worker, "message")) as [ArrayBuffer];
      return new Blob([bytes]);
    },
    close: async () => {
      if (pool.ended) return;
      await pool.end();
      worker.postMessage("close");
      await exited;
      await release();
    },
  });
}

function handle(
  pool: pg.Pool,
  parts: Pick<DatabaseHandle, "kind" | "oneAtATime" | "dump" | "close">,
): DatabaseHandle {
  // An idle client that loses its server emits 'error'; unhandled, that would end the process.
  pool.on("error", () => {});
  const db = drizzle({ client: pool, schema });
  return {
    db,
    ...parts,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
  };
}

async function startWorker(workerData: {
  dir: string | null;
  templateFile?: string;
  socketPath: string;
}): Promise<Worker> {
  const worker = new Worker(PGLITE_WORKER, { workerData });
  await Promise.race([
    once(worker, "message"),
    once(worker, "exit").then(() => {
      throw new Error("the embedded database's thread ended before it opened");
    }),
  ]);
  // A thread that fails later leaves queries failing, and /healthz says so.
  worker.on("error", () => {});
  return worker;
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

export async function selectRows<Row extends Record<string, unknown>>(db: Database, query: SQL) {
  return (await db.execute(query)).rows as Row[];
}
