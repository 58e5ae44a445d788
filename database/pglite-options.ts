/** How PGlite is started, on the server's thread (in memory) or on its own (./pglite-worker.ts). */
import v8 from "node:v8";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * PGlite is PostgreSQL compiled to one 9 MB WebAssembly module. V8's optimising compiler,
 * working on it in the background, held the thread ~450 ms after every open and made no
 * query faster, even after minutes; the baseline compiler alone opened it in half the time
 * and answered as fast or faster (docs/decisions/0057-start-within-a-second.md). Set before
 * the first module is compiled (at the first open); the process compiles no other WebAssembly.
 */
v8.setFlagsFromString("--liftoff-only");

/**
 * Search's close spellings need pg_trgm, which PGlite loads only when asked
 * (0007_search.sql). Its shared buffers are 32 MB rather than PostgreSQL's 128 MB: they live
 * in the WebAssembly memory, which every start fills, and that took half of a restart
 * (1.4 s against 0.7 s); the site's data fits (docs/decisions/0057-start-within-a-second.md).
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
};
