import { signedInOnly } from "../guards.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = signedInOnly({
  admin: false,
  cacheControl: "private, no-store",
});
