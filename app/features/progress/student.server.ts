import type { RouterContextProvider } from "react-router";
import {
  accessTokenUser,
  sessionUserFrom,
  signedInUserOf,
} from "#app/features/accounts/public.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { jsonError } from "#app/lib/http.server";
import { cameFromThisSite, refusedCrossSite } from "#app/lib/same-site.server";

const NOT_SIGNED_IN = "Log in to keep your quiz results.";

/** One student's results: no cache, shared or the browser's, may store them. */
export const PRIVATE = { "Cache-Control": "private, no-store" };

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The signed-in student a My progress page is for, or null. */
export async function pageStudent({
  request,
  context,
}: RequestArgs): Promise<{ id: number } | null> {
  const { db, site } = context.get(appContext);
  // The lookup the header makes for this request: one query for both.
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  return user ? { id: user.id } : null;
}

/**
 * The student an attempts call is for: the app's access token, or the session cookie, with
 * which a change must come from this site's own pages (docs/security.md#sessions). Refuses by
 * throwing the response.
 */
export async function apiStudent({
  request,
  context,
  changes,
}: RequestArgs & { changes: boolean }): Promise<{ id: number }> {
  const { db, jwtSecret, site } = context.get(appContext);
  const authorization = request.headers.get("authorization");
  const notSignedIn = () =>
    jsonError(401, NOT_SIGNED_IN, { "WWW-Authenticate": "Bearer", ...PRIVATE });
  if (authorization) {
    const user = await accessTokenUser({ db, secret: jwtSecret, authorization });
    if (user) return user;
    throw notSignedIn();
  }
  const user = await sessionUserFrom({
    db,
    cookieHeader: request.headers.get("cookie"),
    https: isHttps(site),
  });
  if (!user) throw notSignedIn();
  if (changes && !cameFromThisSite(request, site)) throw refusedCrossSite();
  return user;
}
