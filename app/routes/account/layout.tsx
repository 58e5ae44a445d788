import { Outlet } from "react-router";
import { requireAccountOwner } from "./account-user.server";
import type { Route } from "./+types/layout";

/**
 * My account and its download sit under this route: signed-in accounts only, and no answer
 * under it, the redirect to log in included, is kept by any cache, shared or the browser's
 * (docs/decisions/0045-the-account-pages.md).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
  async (args, next) => {
    await requireAccountOwner(args);
    return next();
  },
];

export default function AccountLayout() {
  return <Outlet />;
}
