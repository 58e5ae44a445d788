import { legacyListJson } from "#app/features/articles/legacy-list.server";
import { appContext } from "#app/lib/app-context.server";
import { jsonCall, methodNotAllowed } from "#app/lib/http.server";
import type { Route } from "./+types/list";

/**
 * GET /List/: the older app's article list, in the older backend's shape and order, oldest
 * first, since the app reverses it (docs/requirements.md#the-older-apps-calls). The same
 * for every student, so the server caches the response (app/lib/response-cache.server.ts); clients
 * revalidate with its ETag. The body is the items' JSON texts the database keeps
 * (docs/decisions/0058-list-items-kept-as-text.md).
 */
export const loader = jsonCall(async ({ context }: Route.LoaderArgs) => {
  const { db, site } = context.get(appContext);
  return new Response(await legacyListJson({ db, siteUrl: site.url }), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
});

export const action = () => methodNotAllowed("GET");
