import { toLegacyListItem } from "#app/features/articles/legacy-shape";
import { listLegacyListRows } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { absoluteUrl } from "#app/lib/head";
import { jsonCall, methodNotAllowed } from "#app/lib/http.server";
import type { Route } from "./+types/list";

/**
 * Rows read per query. The embedded database answers a query on the event loop, so a list of
 * thousands is read a slice at a time, and other requests are served between slices; past a
 * few hundred rows, PostgreSQL's planner sorts the whole table for every slice
 * (docs/decisions/0055-cache-rebuilds-never-stall.md).
 */
const ROWS_PER_READ = 100;
const MIN_PAUSE_MS = 2;

/**
 * GET /List/: the older app's article list, in the older backend's shape and order, oldest
 * first, since the app reverses it (docs/requirements.md, "The older app's calls"). The same
 * for every student, so the server keeps the answer (server/response-cache.ts); clients
 * revalidate with its ETag. The body is JSON.stringify's own text of the whole array, made
 * a slice at a time.
 */
export const loader = jsonCall(async ({ context }: Route.LoaderArgs) => {
  const { db, site } = context.get(appContext);
  const parts: string[] = [];
  for (let afterId = 0; ;) {
    const sliceStarted = performance.now();
    const rows = await listLegacyListRows({ db, afterId, limit: ROWS_PER_READ });
    for (const row of rows) {
      parts.push(JSON.stringify(toLegacyListItem(row, (src) => absoluteUrl(site, src))));
    }
    if (rows.length < ROWS_PER_READ) break;
    afterId = rows[rows.length - 1]!.id;
    // The embedded database answers without giving the event loop a turn: other requests are
    // served here, between slices, for as long as the slice took. A wait rather than one turn,
    // since a static file needs several turns (stat, open, read), each a slice apart otherwise.
    const pauseMs = Math.max(MIN_PAUSE_MS, performance.now() - sliceStarted);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return new Response(`[${parts.join(",")}]`, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
});

export const action = () => methodNotAllowed("GET");
