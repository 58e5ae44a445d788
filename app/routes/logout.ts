import { redirect } from "react-router";
import {
  deleteSession,
  sessionCookie,
  sessionIdFrom,
} from "#app/features/accounts/sessions.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { methodNotAllowed } from "#app/lib/http.server";
import { cameFromThisSite, refusedCrossSite } from "#app/lib/same-site.server";
import type { Route } from "./+types/logout";

/**
 * POST /logout: the signed-in browser's session ends and its cookie is cleared; then home.
 * Only this site's own pages may ask (docs/security.md, "Sessions").
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { db, site } = context.get(appContext);
  if (!cameFromThisSite(request, site)) return refusedCrossSite();
  const https = isHttps(site);
  const sessionId = sessionIdFrom(request.headers.get("cookie"), https);
  if (sessionId) await deleteSession({ db, sessionId });
  return redirect("/", {
    status: 303,
    headers: { "Set-Cookie": sessionCookie({ https, value: "", maxAgeSeconds: 0 }) },
  });
}

export const loader = () => methodNotAllowed("POST");
