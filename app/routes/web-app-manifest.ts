import { appContext } from "#app/lib/app-context.server";
import { methodNotAllowed } from "#app/lib/http.server";
import { webAppManifest } from "#app/lib/web-app-manifest";
import type { Route } from "./+types/web-app-manifest";

export function loader({ context }: Route.LoaderArgs) {
  const { site } = context.get(appContext);
  return new Response(JSON.stringify(webAppManifest({ siteName: site.name })), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

export const action = () => methodNotAllowed("GET");
