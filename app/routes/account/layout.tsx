import { signedInOnly } from "../guards.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = signedInOnly({
  admin: false,
  cacheControl: "private, no-store",
  // A kept session is for reading and practising; the account's details ask for a fresh login.
  recentSignIn: true,
});
