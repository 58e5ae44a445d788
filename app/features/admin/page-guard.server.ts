import type { RouterContextProvider } from "react-router";
import { appContext } from "#app/lib/app-context.server";
import { requireAdminPage } from "./guards.server";

/** For an admin page's loader: the admin, or a redirect to /login, or 403. */
export function requireAdmin({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const app = context.get(appContext);
  return requireAdminPage({ db: app.db, request, https: app.site.url.startsWith("https:") });
}
