import { redirect } from "react-router";
import {
  sessionCookie,
  sessionIdFrom,
  sessionUserFrom,
} from "#app/features/accounts/sessions.server";
import { logOut, logOutEverywhere } from "#app/features/accounts/sign-in.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { methodNotAllowed, readFormFields } from "#app/lib/http.server";
import { cameFromThisSite, refusedCrossSite } from "#app/lib/same-site.server";
import type { Route } from "./+types/logout";

/** POST /logout, from this site's pages only (docs/security.md#sessions); `everywhere=1` ends every session. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { db, site, logger } = context.get(appContext);
  if (!cameFromThisSite(request, site)) return refusedCrossSite();
  const https = isHttps(site);
  const cookieHeader = request.headers.get("cookie");
  // A bare POST, as a script may send it, logs out this browser only.
  const form = request.headers.get("content-type")?.startsWith("application/x-www-form-urlencoded")
    ? await readFormFields(request, { maxBytes: 1024 })
    : {};
  const user =
    form.everywhere === "1" ? await sessionUserFrom({ db, cookieHeader, https }) : undefined;
  if (user) {
    await logOutEverywhere({ db, logger, userId: user.id });
  } else {
    const sessionId = sessionIdFrom(cookieHeader, https);
    if (sessionId) await logOut({ db, sessionId });
  }
  return redirect("/", {
    status: 303,
    headers: { "Set-Cookie": sessionCookie({ https, session: null }) },
  });
}

export const loader = () => methodNotAllowed("POST");
