/** The messages between the embedded database's thread (./pglite-worker.ts) and ./pglite-thread.ts. */

export type PgliteWorkerData = {
  /** The database's folder; its parent holds the lock (./data-dir-lock.ts). */
  dir: string;
  /** A dump to begin from when the folder holds no database yet. */
  templateFile?: string;
  /** Named in the error another process gets while this one has the database open. */
  holder: string;
};

export type QueryRequestOptions = {
  rowMode?: "array" | "object";
  /** Types left as PostgreSQL's text rather than parsed (Drizzle asks so for dates). */
  textTypes: number[];
};

/** What the server asks of the thread; each request adds its number. */
export type PgliteOperation =
  | { op: "open" }
  | {
      op: "query";
      sql: string;
      params?: unknown[];
      options?: QueryRequestOptions;
      transaction?: number;
    }
  | { op: "exec"; sql: string; transaction?: number }
  | { op: "begin" }
  | { op: "end"; transaction: number; commit: boolean }
  | { op: "dump" }
  | { op: "close" };

export type PgliteRequest = { id: number } & PgliteOperation;

/** An error as data: its class's name, message, and the driver's fields (code, constraint…). */
export type ThreadError = { name: string; message: string; fields: Record<string, unknown> };

export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ThreadError };
