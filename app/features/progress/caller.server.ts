import type { RouterContextProvider } from "react-router";
import { accessTokenUser, sessionUserFrom } from "#app/features/accounts/public.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { jsonError } from "#app/lib/http.server";
import { cameFromThisSite, refusedCrossSite } from "#app/lib/same-site.server";

const NOT_SIGNED_IN = "Log in to keep your quiz results.";

/** Answers that hold one student's results: no cache, shared or the browser's, keeps them. */
export const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * The student a call about attempts speaks for: the app's access token, or the browser's
 * session cookie. A change asked for with the cookie must come from this site's own pages
 * (docs/security.md, "Sessions"); a token is never sent by a browser on its own. Refuses by
 * throwing the answer.
 */
export async function attemptsCaller({
  request,
  context,
  changes,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  changes: boolean;
}): Promise<{ id: number }> {
  const { db, jwtSecret, site } = context.get(appContext);
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const user = await accessTokenUser({ db, secret: jwtSecret, authorization });
    if (user) return user;
    throw jsonError(401, NOT_SIGNED_IN, { "WWW-Authenticate": "Bearer", ...PRIVATE });
  }
  const user = await sessionUserFrom({
    db,
    cookieHeader: request.headers.get("cookie"),
    https: isHttps(site),
  });
  if (!user) throw jsonError(401, NOT_SIGNED_IN, { "WWW-Authenticate": "Bearer", ...PRIVATE });
  if (changes && !cameFromThisSite(request, site)) throw refusedCrossSite();
  return user;
}
