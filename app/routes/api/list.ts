import { toLegacyListItem } from "#app/features/articles/legacy-shape";
import { listPublishedArticles } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { absoluteUrl } from "#app/lib/head";
import { json, jsonCall, methodNotAllowed } from "#app/lib/http.server";
import type { Route } from "./+types/list";

/**
 * GET /List/: the older app's article list, in the older backend's shape and order, oldest
 * first, since the app reverses it (docs/requirements.md, "The older app's calls"). The same
 * for every student, so the server keeps the answer (server/response-cache.ts); clients
 * revalidate with its ETag.
 */
export const loader = jsonCall(async ({ context }: Route.LoaderArgs) => {
  const { db, site } = context.get(appContext);
  const articles = await listPublishedArticles({ db, order: "oldest" });
  const list = articles.map((article) =>
    toLegacyListItem(article, (src) => absoluteUrl(site, src)),
  );
  return json(list, { headers: { "Cache-Control": "no-cache" } });
});

export const action = () => methodNotAllowed("GET");
