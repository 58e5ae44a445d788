// PGlite on its own thread, served on a Unix socket to the server's `pg` pool. Plain
// JavaScript: the sources and the build start this file as it is
// (docs/decisions/0068-embedded-database-behind-a-socket.md).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
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

port.on("message", async (/** @type {"dump" | "close"} */ request) => {
  if (request === "dump") {
    const bytes = await (await db.dumpDataDir("gzip")).arrayBuffer();
    port.postMessage(bytes, [bytes]);
    return;
  }
  await server.stop();
  await db.close();
  port.close();
});
port.postMessage("ready");
