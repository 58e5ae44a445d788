import { performance } from "node:perf_hooks";
import type { Database } from "#database/client.server";
import { listLegacyListSlice } from "./queries.server";

/**
 * Rows in the first slice: few enough that the embedded database's first query holds the
 * event loop a few milliseconds on a slow machine, enough to learn how fast it reads them.
 */
const FIRST_SLICE_ROWS = 250;
/** The event-loop time each later slice is sized to take. */
const SLICE_BUSY_MS = 10;
const MIN_SLICE_ROWS = 100;
const MAX_SLICE_ROWS = 5_000;
const MIN_PAUSE_MS = 2;

/**
 * GET /List/'s body: the JSON text of every published article's item, oldest first
 * (docs/decisions/0058-list-items-kept-as-text.md).
 *
 * The embedded database (`inProcess`) answers a query on the event loop, so it is read a
 * slice at a time, each sized by the event-loop time the last one took, to about ten
 * milliseconds, and other requests are served between slices
 * (docs/decisions/0055-cache-rebuilds-never-stall.md). PostgreSQL makes the text in its own
 * process while the event loop serves others: one query, where slices and the pauses between
 * them took twice as long (20 against 40 ms at 2,000 articles).
 */
export async function legacyListJson({
  db,
  siteUrl,
  inProcess,
}: {
  db: Database;
  siteUrl: string;
  inProcess: boolean;
}): Promise<string> {
  // The site's address as it reads inside a JSON string, put in by the database where an
  // item's first image is a path on the site (absoluteUrl in app/lib/head.ts).
  const siteAddress = JSON.stringify(siteUrl).slice(1, -1);
  if (!inProcess) {
    const whole = await listLegacyListSlice({ db, afterId: 0, limit: null, siteAddress });
    return `[${whole.items ?? ""}]`;
  }
  const slices: string[] = [];
  let limit = FIRST_SLICE_ROWS;
  for (let afterId = 0; ;) {
    const before = performance.eventLoopUtilization();
    const slice = await listLegacyListSlice({ db, afterId, limit, siteAddress });
    const busyMs = performance.eventLoopUtilization(before).active;
    if (slice.items !== null) slices.push(slice.items);
    if (slice.count < limit) break;
    afterId = slice.lastId;
    limit = Math.min(
      MAX_SLICE_ROWS,
      Math.max(MIN_SLICE_ROWS, Math.round((limit * SLICE_BUSY_MS) / Math.max(busyMs, 0.1))),
    );
    // Other requests are served here, between slices, for as long as the slice held the
    // event loop. A wait rather than one turn, since a static file needs several turns
    // (stat, open, read), each a slice apart otherwise.
    await new Promise((resolve) => setTimeout(resolve, Math.max(MIN_PAUSE_MS, busyMs)));
  }
  return `[${slices.join(",")}]`;
}
