import { Outlet } from "react-router";
import { requireAdmin } from "./admin-user.server";
import type { Route } from "./+types/layout";

/** Every admin page sits under this route: signed-in admins only, and never kept in a cache. */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    await requireAdmin(args);
    const response = await next();
    response.headers.set("Cache-Control", "no-store");
    return response;
  },
];

export default function AdminLayout() {
  return <Outlet />;
}
