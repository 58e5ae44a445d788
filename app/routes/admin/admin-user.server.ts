import type { RouterContextProvider } from "react-router";
import { requireUser, signedInUserContext } from "#app/features/accounts/public.server";
import type { Actor } from "#app/features/admin/audit.server";

export const adminUserContext = signedInUserContext;

/** Every admin page and form (docs/security.md#admin). */
export function requireAdmin(args: Parameters<typeof requireUser>[0]) {
  return requireUser({ ...args, admin: true });
}

export function actorOf(context: Readonly<RouterContextProvider>): Actor {
  const { id, username } = context.get(adminUserContext);
  return { id, username };
}
