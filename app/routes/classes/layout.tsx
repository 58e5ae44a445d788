import { Outlet, redirect } from "react-router";
import classesStylesUrl from "#app/features/classes/classes.css?url";
import { requireUser, signedInUserOf } from "#app/features/accounts/public.server";
import { appContext, isHttps } from "#app/lib/app-context.server";
import type { RouteHandle } from "#app/root";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { stylesheet: classesStylesUrl };

// Signed in only, and never kept by a cache: each page is one person's (docs/security.md#classes).
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
  async ({ request, context }, next) => {
    const { db, site } = context.get(appContext);
    const user = await signedInUserOf({ db, request, context, https: isHttps(site) });
    if (!user && request.method === "GET") {
      const path = new URL(request.url).pathname.replace(/\.data$/, "");
      throw redirect(`/login?next=${encodeURIComponent(path)}`);
    }
    await requireUser({ request, context });
    return next();
  },
];

export default function ClassesLayout() {
  return <Outlet />;
}
