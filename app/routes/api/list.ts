import { toLegacyListItem } from "#app/features/articles/legacy-shape";
import { listLegacyListRows } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { absoluteUrl } from "#app/lib/head";
import { jsonCall, methodNotAllowed } from "#app/lib/http.server";
import type { Route } from "./+types/list";

/**
 * Rows read per query. The embedded database answers a query on the event loop, so a list of
 * thousands is read a slice at a time, and other requests are served between slices
 * (docs/decisions/0055-cache-rebuilds-never-stall.md).
 */
const ROWS_PER_READ = 250;

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
    const rows = await listLegacyListRows({ db, afterId, limit: ROWS_PER_READ });
    for (const row of rows) {
      parts.push(JSON.stringify(toLegacyListItem(row, (src) => absoluteUrl(site, src))));
    }
    if (rows.length < ROWS_PER_READ) break;
    afterId = rows[rows.length - 1]!.id;
  }
  return new Response(`[${parts.join(",")}]`, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
});

export const action = () => methodNotAllowed("GET");
