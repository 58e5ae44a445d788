import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "#app/features/accounts/sessions.server";
import { signedInUserOf } from "#app/features/accounts/viewer.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import { notAllowed } from "#app/lib/http.server";
import { cameFromThisSite } from "#app/lib/same-site.server";

const accountOwnerContext = createContext<SessionUser>();

/** The My account page and its forms (docs/decisions/0045-the-account-pages.md). */
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

export function accountOwnerOf(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(accountOwnerContext);
}
