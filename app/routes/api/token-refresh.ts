import { exchangeRefreshToken, MESSAGES } from "#app/features/accounts/sign-in.server";
import { RefreshSchema } from "#app/features/accounts/schemas";
import { appContext } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, methodNotAllowed } from "#app/lib/http.server";
import { NO_STORE, readCall } from "./account-calls.server";
import type { Route } from "./+types/token-refresh";

/**
 * POST /api/token/refresh/: a refresh token for a new pair (SimpleJWT's call). Each refresh
 * token works once; one presented again revokes its family (docs/security.md, "Tokens").
 */
export const action = jsonCall(async ({ request, context }: Route.ActionArgs) => {
  const { refresh } = await readCall(request, RefreshSchema, { headers: NO_STORE });
  const { db, jwtSecret } = context.get(appContext);
  const tokens = await exchangeRefreshToken({ db, jwtSecret, token: refresh });
  if (!tokens) return jsonError(401, MESSAGES.badRefresh, NO_STORE);
  return json({ access: tokens.access, refresh: tokens.refresh }, { headers: NO_STORE });
});

export const loader = () => methodNotAllowed("POST");
