import { endAppSession } from "#app/features/accounts/tokens.server";
import { MESSAGES } from "#app/features/accounts/texts";
import { RefreshSchema } from "#app/features/accounts/schemas";
import { appContext } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, methodNotAllowed } from "#app/lib/http.server";
import { NO_STORE, readCall } from "./account-calls.server";
import type { Route } from "./+types/token-blacklist";

/** POST /api/token/blacklist/: the app logs out; the token's family stops working. */
export const action = jsonCall(async ({ request, context }: Route.ActionArgs) => {
  const { refresh } = await readCall(request, RefreshSchema);
  const { db, jwtSecret } = context.get(appContext);
  const result = await endAppSession({ db, jwtSecret, token: refresh });
  if (result.outcome === "refused") return jsonError(401, MESSAGES.badRefresh, NO_STORE);
  return json({}, { headers: NO_STORE });
});

export const loader = () => methodNotAllowed("POST");
