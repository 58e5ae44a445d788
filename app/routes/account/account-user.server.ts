import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "#app/features/accounts/sessions.server";
import { signedInUserOf } from "#app/features/accounts/viewer.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { notAllowed } from "#app/lib/http.server";
import { cameFromThisSite } from "#app/lib/same-site.server";

/** The signed-in student (or admin) whose account the page shows, set by requireAccountOwner. */
const accountOwnerContext = createContext<SessionUser>();

/**
 * Guards the My account page and its forms (docs/decisions/0045-the-account-pages.md): a
 * change must come from this site's own pages (asked first, so another site learns
 * nothing), and a visitor who is not signed in is sent to log in.
 */
export async function requireAccountOwner({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<void> {
  const { db, site } = context.get(appContext);
  const change = request.method !== "GET" && request.method !== "HEAD";
  if (change && !cameFromThisSite(request, site)) {
    throw notAllowed("This request did not come from this site.");
  }
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  if (!user) throw redirect("/login", 303);
  if (change && request.method !== "POST") {
    throw data(null, { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  context.set(accountOwnerContext, user);
}

/** The account owner the guard found. */
export function accountOwnerOf(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(accountOwnerContext);
}
