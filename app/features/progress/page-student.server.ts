import type { RouterContextProvider } from "react-router";
import { signedInUserOf } from "#app/features/accounts/public.server";
import { appContext, isHttps } from "#app/lib/app-context.server";

/** The signed-in student a My progress page is for, by the session cookie; null for anyone else. */
export async function pageStudent({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): Promise<{ id: number } | null> {
  const { db, site } = context.get(appContext);
  // The same lookup the header makes for this request: one query for both.
  const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
  return user ? { id: user.id } : null;
}
