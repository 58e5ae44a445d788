import adminStylesUrl from "#app/features/admin/admin.css?url";
import type { RouteHandle } from "#app/root";
import { signedInOnly, signedInUser } from "../guards.server";
import type { Route } from "./+types/layout";

export const handle: RouteHandle = { stylesheet: adminStylesUrl };

export const middleware: Route.MiddlewareFunction[] = signedInOnly({
  admin: true,
  cacheControl: "no-store",
});

export function loader({ context }: Route.LoaderArgs) {
  return { username: signedInUser(context).username };
}

// Loaded once: logging out loads a whole page, and a refused save must not fetch it again.
export const shouldRevalidate = () => false;
