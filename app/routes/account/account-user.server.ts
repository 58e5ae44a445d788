import type { RouterContextProvider } from "react-router";
import { signedInUserContext } from "#app/features/accounts/public.server";

export { requireUser as requireAccountOwner } from "#app/features/accounts/public.server";

export function accountOwnerOf(context: Readonly<RouterContextProvider>) {
  return context.get(signedInUserContext);
}
