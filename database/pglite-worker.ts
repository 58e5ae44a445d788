/**
 * The embedded database's own thread (docs/decisions/0066-embedded-database-in-a-worker.md).
 * It takes DATA_DIR's lock, opens PGlite and answers the messages of ./pglite-thread.ts:
 * queries, transactions, a dump, and closing. Built as its own entry (vite.config.ts); the
 * sources run it through tsx.
 */
import { existsSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { lockDataDir } from "./data-dir-lock";
import { PGLITE_OPTIONS } from "./pglite-options";
import type {
  PgliteRequest,
  PgliteReply,
  PgliteWorkerData,
  QueryRequestOptions,
  ThreadError,
} from "./pglite-protocol";

const port = parentPort!;
const { dir, templateFile, holder } = workerData as PgliteWorkerData;

/** Open transactions by number, each waiting for the main thread's commit or rollback. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }
>();
let nextTransaction = 1;

const opened = open();
// A failed open is answered to every request, the first being "open".
opened.catch(() => {});
// Answered in order of arrival; PGlite runs one statement at a time and queues the rest.
port.on("message", (request: PgliteRequest) => void answer(request));

async function open(): Promise<{ client: PGlite; release: () => Promise<void> }> {
  // PGlite.create fails when the parent folder is missing (PGlite 0.5).
  mkdirSync(path.dirname(dir), { recursive: true });
  const lock = await lockDataDir(path.dirname(dir), holder);
  try {
    // Checked now that the folder is this process's alone: a template is where a database
    // that does not exist yet begins.
    const fresh = !existsSync(path.join(dir, "PG_VERSION"));
    const template = fresh && templateFile ? new Blob([await readFile(templateFile)]) : undefined;
    const client = await PGlite.create(dir, { ...PGLITE_OPTIONS, loadDataDir: template });
    return { client, release: () => lock.release() };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function answer(request: PgliteRequest): Promise<void> {
  try {
    const value = await perform(request);
    reply({ id: request.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
  } catch (error) {
    reply({ id: request.id, ok: false, error: describeError(error) });
  }
}

function reply(message: PgliteReply, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

async function perform(request: PgliteRequest): Promise<unknown> {
  const { client, release } = await opened;
  switch (request.op) {
    case "open":
      return null;
    case "query": {
      const target = request.transaction ? ongoing(request.transaction).tx : client;
      return target.query(request.sql, request.params, queryOptions(request.options));
    }
    case "exec": {
      const target = request.transaction ? ongoing(request.transaction).tx : client;
      return target.exec(request.sql);
    }
    case "begin":
      return begin(client);
    case "end": {
      const { end, ended } = ongoing(request.transaction);
      end(request.commit);
      await ended;
      return null;
    }
    case "dump": {
      const dump = await client.dumpDataDir("gzip");
      return dump.arrayBuffer();
    }
    case "close":
      if (!client.closed) await client.close();
      await release();
      return null;
  }
}

/**
 * Begins a transaction and answers with its number once BEGIN has run. PGlite commits when
 * the callback returns unless it rolled back; the callback waits for the main thread to
 * say which.
 */
function begin(client: PGlite): Promise<number> {
  const number = nextTransaction++;
  return new Promise<number>((answered, refused) => {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    let begun = false;
    const ended: Promise<void> = client
      .transaction(async (tx) => {
        begun = true;
        transactions.set(number, { tx, end, ended });
        answered(number);
        if (!(await decided)) await tx.rollback();
      })
      .catch((error: unknown) => {
        if (begun) throw error;
        refused(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => transactions.delete(number));
    // A failed COMMIT is answered to the "end" request that waits for it.
    ended.catch(() => {});
  });
}

function ongoing(number: number) {
  const found = transactions.get(number);
  if (!found) throw new Error(`transaction ${number} is not open`);
  return found;
}

/**
 * Drizzle asks for some types as PostgreSQL's text, with parsers that return the value as
 * it is; functions cannot cross threads, so the request names those types.
 */
function queryOptions(options: QueryRequestOptions | undefined) {
  if (!options) return undefined;
  const keepText = (value: string) => value;
  return {
    rowMode: options.rowMode,
    parsers: Object.fromEntries(options.textTypes.map((type) => [type, keepText])),
  };
}

/** An error as data: its message and every field the driver set (SQLSTATE code, constraint…). */
function describeError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ["string", "number", "boolean"].includes(typeof value))
      fields[key] = value;
  return { name: error.name, message: error.message, fields };
}
