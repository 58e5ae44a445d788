import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import { signedInUserOf, type SessionUser } from "#app/features/accounts/public.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { notAllowed } from "#app/lib/http.server";
import { cameFromThisSite } from "#app/lib/same-site.server";
import type { Actor } from "#app/features/admin/audit.server";

export const adminUserContext = createContext<SessionUser>();

/** Every admin page and form (docs/security.md#admin). */
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
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  const url = new URL(request.url);
  if (!user) {
    throw redirect(`/login?next=${encodeURIComponent(url.pathname.replace(/\.data$/, ""))}`);
  }
  if (user.role !== "admin") throw notAllowed();
  if (change && request.method !== "POST") {
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  context.set(adminUserContext, user);
}

export function actorOf(context: Readonly<RouterContextProvider>): Actor {
  const { id, username } = context.get(adminUserContext);
  return { id, username };
}
