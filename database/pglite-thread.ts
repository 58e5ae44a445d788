/**
 * The embedded database, open on a thread of its own (docs/decisions/0066-embedded-database-in-a-worker.md):
 * the PGlite calls Drizzle makes (query, exec, transaction), a dump and closing, each sent
 * to ./pglite-worker.ts. PostgreSQL's work then runs beside the server's, not in its way.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { DataDirInUseError } from "./data-dir-lock";
import type {
  PgliteOperation,
  PgliteReply,
  PgliteWorkerData,
  QueryRequestOptions,
  ThreadError,
} from "./pglite-protocol";

/** What a query takes from Drizzle: its row mode, and parsers for types it keeps as text. */
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[] };

/** Queries inside one transaction: what Drizzle's transaction callback is given. */
export type ThreadTransaction = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(sql: string): Promise<Results[]>;
};

export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  #nextId = 1;
  #closed = false;
  #ended: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: PgliteReply) => {
      const waiting = this.#waiting.get(reply.id);
      if (!waiting) return;
      this.#waiting.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(rebuildError(reply.error));
    });
    this.#ended = new Promise((ended) => {
      const stop = (error: Error) => {
        this.#closed = true;
        for (const waiting of this.#waiting.values()) waiting.reject(error);
        this.#waiting.clear();
        ended();
      };
      worker.on("error", stop);
      worker.on("exit", () => stop(new Error("the embedded database is closed")));
    });
  }

  /**
   * Starts the thread and waits until the database is open (or fails to open). A thread
   * that `openEarly` started for the same folder is taken instead.
   */
  static open(data: PgliteWorkerData): Promise<PgliteThread> {
    if (early?.dir === data.dir) {
      const { opening } = early;
      early = undefined;
      return opening;
    }
    return PgliteThread.#start(data);
  }

  /**
   * Begins opening the database before the server's code is loaded (bin/start.js): the two
   * take about as long, and now run side by side. The next `open` of `data.dir` takes it,
   * failure included.
   */
  static openEarly(data: PgliteWorkerData): void {
    const opening = PgliteThread.#start(data);
    // A failure is thrown to the `open` that takes it.
    opening.catch(() => {});
    early = { dir: data.dir, opening };
  }

  static async #start(data: PgliteWorkerData): Promise<PgliteThread> {
    const thread = new PgliteThread(startWorker(data));
    try {
      await thread.#ask({ op: "open" });
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.#query(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#ask({ op: "exec", sql }) as Promise<Results[]>;
  }

  /**
   * Runs `work` in one transaction, committed when it returns and rolled back when it
   * throws, as PGlite's own. Other queries wait until it ends, as on PGlite.
   */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const transaction = (await this.#ask({ op: "begin" })) as number;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => this.#query(sql, params, options, transaction),
      exec: (sql) => this.#ask({ op: "exec", sql, transaction }) as Promise<Results[]>,
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.#ask({ op: "end", transaction, commit: false }).catch(() => {});
      throw error;
    }
    await this.#ask({ op: "end", transaction, commit: true });
    return result;
  }

  /** The database's files as a gzipped tarball. */
  async dumpDataDir(_compression: "gzip" = "gzip"): Promise<Blob> {
    const bytes = (await this.#ask({ op: "dump" })) as ArrayBuffer;
    return new Blob([bytes], { type: "application/x-gzip" });
  }

  /** Closes the database, lets go of DATA_DIR's lock, and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#ask({ op: "close" });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
      await this.#ended;
    }
  }

  #query(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    transaction?: number,
  ) {
    return this.#ask({
      op: "query",
      sql,
      params,
      options: options && requestOptions(options),
      transaction,
    }) as Promise<Results>;
  }

  #ask(request: PgliteOperation): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error("the embedded database is closed"));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }
}

/** A thread that `PgliteThread.openEarly` started, until `open` takes it. */
let early: { dir: string; opening: Promise<PgliteThread> } | undefined;

/** Where the embedded database lives inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/**
 * The thread's code: built into build/server/ beside the server (vite.config.ts), resolved
 * from the working directory as the migrations are. The sources (tests, the dev server)
 * run the TypeScript file through tsx, which a worker must register itself.
 */
function startWorker(workerData: PgliteWorkerData): Worker {
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(path.resolve("build/server/pglite-worker.js"), { workerData });
  const source = new URL("./pglite-worker.ts", import.meta.url).href;
  return new Worker(
    `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, workerData },
  );
}

/** Drizzle's parsers return the text as it is; the thread is told which types they cover. */
function requestOptions(options: QueryOptions): QueryRequestOptions {
  return {
    rowMode: options.rowMode,
    textTypes: Object.keys(options.parsers ?? {}).map(Number),
  };
}

/**
 * The thread's error, with the driver's fields (SQLSTATE code, severity, constraint…) that
 * the site and its logs read (app/lib/logger.ts), and this thread's stack, which says
 * which call failed.
 */
function rebuildError({ name, message, fields }: ThreadError): Error {
  const error = name === "DataDirInUseError" ? new DataDirInUseError(message) : new Error(message);
  if (name !== "DataDirInUseError")
    Object.defineProperty(error, "name", { value: name, configurable: true, writable: true });
  return Object.assign(error, fields);
}
