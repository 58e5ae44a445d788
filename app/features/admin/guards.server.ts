import type { RequestHandler } from "express";
import { data, redirect } from "react-router";
import type { Database } from "#database/client.server";
import {
  findSessionUser,
  sessionIdFrom,
  type SessionUser,
} from "#app/features/accounts/sessions.server";

/** The signed-in user behind a request's session cookie, if any. */
export async function sessionUserOf({
  db,
  cookieHeader,
  https,
}: {
  db: Database;
  cookieHeader: string | null | undefined;
  https: boolean;
}) {
  const sessionId = sessionIdFrom(cookieHeader, https);
  return sessionId ? findSessionUser({ db, sessionId }) : undefined;
}

/**
 * For admin pages: a visitor is sent to log in (and back here after), a student gets 403.
 */
export async function requireAdminPage({
  db,
  request,
  https,
}: {
  db: Database;
  request: Request;
  https: boolean;
}): Promise<SessionUser> {
  const user = await sessionUserOf({ db, cookieHeader: request.headers.get("cookie"), https });
  const url = new URL(request.url);
  if (!user)
    throw redirect(`/login?next=${encodeURIComponent(url.pathname.replace(/\.data$/, ""))}`);
  if (user.role !== "admin") throw data(null, { status: 403 });
  return user;
}

/** For admin calls: 401 without a session, 403 for a student (issue 7). */
export function requireAdminApi({ db, https }: { db: Database; https: boolean }): RequestHandler {
  return async (req, res, next) => {
    const user = await sessionUserOf({ db, cookieHeader: req.headers.cookie, https });
    if (!user) return res.status(401).json({ error: "Log in as an admin first." });
    if (user.role !== "admin")
      return res.status(403).json({ error: "Only the site's admins may do this." });
    res.locals.admin = user;
    next();
  };
}

/**
 * Refuses a state-changing request sent from another site (CSRF): its Origin (or, when a
 * browser sends none, its Referer) must be this site's.
 */
export function sameOriginOnly({ siteUrl }: { siteUrl: string }): RequestHandler {
  const allowed = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const own = `${req.protocol}://${req.get("host")}`;
    const origin = req.get("origin") ?? originOf(req.get("referer"));
    if (origin && (origin === allowed || origin === own)) return next();
    res.status(403).json({ error: "Refused: this request did not come from this site." });
  };
}

function originOf(referer: string | undefined): string | undefined {
  try {
    return referer ? new URL(referer).origin : undefined;
  } catch {
    return undefined;
  }
}
