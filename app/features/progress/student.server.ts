import type { RouterContextProvider } from "react-router";
import {
  accessTokenUser,
  sessionUserFrom,
  signedInUserOf,
} from "#app/features/accounts/public.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { jsonError } from "#app/lib/http.server";
import type { ForStudent } from "./attempts.server";
import { cameFromThisSite, refusedCrossSite } from "#app/lib/same-site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const PRIVATE = { "Cache-Control": "private, no-store" };

// A change asked for with the session cookie must come from this site (docs/security.md#sessions).
export async function requireStudent(asked: Args & { changes: boolean }): Promise<{ id: number }> {
  const { request, context, changes } = asked;
  const { db, jwtSecret, site } = context.get(appContext);
  const authorization = request.headers.get("authorization");
  const user = authorization
    ? await accessTokenUser({ db, secret: jwtSecret, authorization })
    : await sessionUserFrom({
        db,
        cookieHeader: request.headers.get("cookie"),
        https: isHttps(site),
      });
  if (!user) {
    const headers = { "WWW-Authenticate": "Bearer", ...PRIVATE };
    throw jsonError(401, "Log in to keep your quiz results.", headers);
  }
  if (!authorization && changes && !cameFromThisSite(request, site)) throw refusedCrossSite();
  return user;
}

export async function pageStudent({ request, context }: Args): Promise<ForStudent | null> {
  const { db, site } = context.get(appContext);
  // The same lookup the header makes for this request: one query for both.
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  return user ? { db, userId: user.id } : null;
}
