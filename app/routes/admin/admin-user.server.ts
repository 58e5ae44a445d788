import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { signedInUserOf, type SessionUser } from "#app/features/accounts/public.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { notAllowed } from "#app/lib/http.server";
import { cameFromThisSite } from "#app/lib/same-site.server";
import type { Actor } from "#app/features/admin/audit.server";

/** The signed-in admin, set by requireAdmin for every admin loader and action. */
export const adminUserContext = createContext<SessionUser>();

/**
 * Guards every admin page and form (docs/security.md, "Admin"): a visitor is sent to log in
 * and back here afterwards, a student is refused (403), and a change must come from this
 * site's own pages.
 */
export async function requireAdmin({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<void> {
  const { db, site } = context.get(appContext);
  const change = request.method !== "GET" && request.method !== "HEAD";
  // Asked first, before anything about the session: another site learns nothing here.
  if (change && !cameFromThisSite(request, site)) {
    throw notAllowed("This request did not come from this site.");
  }
  // The lookup the header makes for this request too: one query for both.
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  const url = new URL(request.url);
  if (!user) {
    throw redirect(`/login?next=${encodeURIComponent(url.pathname.replace(/\.data$/, ""))}`);
  }
  if (user.role !== "admin") throw notAllowed();
  // The admin's forms all post; no other change is taken.
  if (change && request.method !== "POST") {
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  context.set(adminUserContext, user);
}

/** Who the audit log names for a change made by the signed-in admin. */
export function actorOf(context: Readonly<RouterContextProvider>): Actor {
  const { id, username } = context.get(adminUserContext);
  return { id, username };
}
