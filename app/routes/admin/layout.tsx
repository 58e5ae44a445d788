import { Outlet } from "react-router";
import { requireAdmin } from "./admin-user.server";
import type { Route } from "./+types/layout";

/**
 * Every admin page sits under this route: signed-in admins only, and no answer under it is
 * ever kept in a cache, a refusal or a redirect to log in included (docs/security.md, "Admin").
 * The guard is a middleware of its own so that what it throws is rendered before the first
 * one sees the answer.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
  async (args, next) => {
    await requireAdmin(args);
    return next();
  },
];

export default function AdminLayout() {
  return <Outlet />;
}
