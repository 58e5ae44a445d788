import { toLegacyArticle } from "#app/features/articles/legacy-shape";
import { getPublishedArticle, parseArticleId } from "#app/features/articles/queries.server";
import { appContext } from "#app/lib/app-context.server";
import { absoluteUrl } from "#app/lib/head";
import { json, jsonCall, jsonError, methodNotAllowed } from "#app/lib/http.server";
import type { Route } from "./+types/data";

/** GET /Data/{id} (docs/requirements.md#the-older-apps-calls): a published article, flat. */
export const loader = jsonCall(async ({ params, context }: Route.LoaderArgs) => {
  const id = parseArticleId(params.id);
  const { db, site } = context.get(appContext);
  const article = id === null ? undefined : await getPublishedArticle({ db, id });
  if (!article) return jsonError(404, "Article not found");
  const flat = toLegacyArticle(article, (src) => absoluteUrl(site, src));
  return json(flat, { headers: { "Cache-Control": "no-cache" } });
});

export const action = () => methodNotAllowed("GET");
