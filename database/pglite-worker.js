// PGlite on its own thread, served on a Unix socket to the server's `pg` pool. Plain
// JavaScript: the sources and the build start this file as it is
// (docs/decisions/0068-embedded-database-behind-a-socket.md).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { clearInterval, clearTimeout, setInterval, setTimeout } from "node:timers";
import v8 from "node:v8";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

// The optimising compiler held the thread ~450 ms after every open and made no query faster
// (docs/decisions/0057-start-within-a-second.md).
v8.setFlagsFromString("--liftoff-only");

/** @type {{ dir: string | null; templateFile?: string; socketPath: string }} */
const { dir, templateFile, socketPath } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

const fresh = dir === null || !existsSync(path.join(dir, "PG_VERSION"));
const db = await PGlite.create({
  dataDir: dir ?? undefined,
  loadDataDir: fresh && templateFile ? new Blob([await readFile(templateFile)]) : undefined,
  // 32 MB of shared buffers, not 128: every open fills them
  // (docs/decisions/0057-start-within-a-second.md).
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
});
// The server's pool uses one connection at a time, but opens the next (after an SQL error)
// while the last is still closing here.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 16 });
await server.start();

// No autovacuum runs here to keep the planner's statistics: without them, a student's 100,000
// attempts were sorted whole for each page of their data export, 10 s in all instead of 1.
// ANALYZE samples a bounded number of rows, a fraction of a second however large the tables.
const analyzeEveryMs = 60 * 60 * 1000;
const analyze = () => void db.exec("analyze").catch(() => {});
const firstAnalyze = setTimeout(analyze, 60 * 1000);
const laterAnalyses = setInterval(analyze, analyzeEveryMs);

port.on("message", async (/** @type {"dump" | "close"} */ request) => {
  if (request === "dump") {
    const bytes = await (await db.dumpDataDir("gzip")).arrayBuffer();
    port.postMessage(bytes, [bytes]);
    return;
  }
  clearTimeout(firstAnalyze);
  clearInterval(laterAnalyses);
  await server.stop();
  await db.close();
  port.close();
});
port.postMessage("ready");
