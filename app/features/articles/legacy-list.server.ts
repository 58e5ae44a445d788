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
 * GET /List/'s body: the JSON text of every published article's item, oldest first, read a
 * slice at a time (docs/decisions/0058-list-items-kept-as-text.md). The embedded database
 * answers a query on the event loop, so each slice is sized by the event-loop time the last
 * one took, to about ten milliseconds, and other requests are served between slices
 * (docs/decisions/0055-cache-rebuilds-never-stall.md). On PostgreSQL a query hardly holds the
 * event loop, so slices soon grow to the largest, and the list takes few round trips.
 */
export async function legacyListJson({
  db,
  siteUrl,
}: {
  db: Database;
  siteUrl: string;
}): Promise<string> {
  // The site's address as it reads inside a JSON string, put in by the database where an
  // item's first image is a path on the site (absoluteUrl in app/lib/head.ts).
  const siteAddress = JSON.stringify(siteUrl).slice(1, -1);
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
    // The embedded database answers without giving the event loop a turn: other requests are
    // served here, between slices, for as long as the slice held it. A wait rather than one
    // turn, since a static file needs several turns (stat, open, read), each a slice apart
    // otherwise.
    await new Promise((resolve) => setTimeout(resolve, Math.max(MIN_PAUSE_MS, busyMs)));
  }
  return `[${slices.join(",")}]`;
}
