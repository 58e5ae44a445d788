import { logIn } from "#app/features/accounts/sign-in.server";
import { MESSAGES, REFUSED } from "#app/features/accounts/texts";
import { LoginSchema } from "#app/features/accounts/schemas";
import { sessionCookie } from "#app/features/accounts/sessions.server";
import { appContext, isHttps, limitedCaller } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, methodNotAllowed } from "#app/lib/http.server";
import { NO_STORE, readCall, tooManyAttempts } from "./account-calls.server";
import type { Route } from "./+types/token";

/** POST /api/token/ (docs/requirements.md#the-older-apps-calls): { refresh, access }, in that order. */
export const action = jsonCall(async ({ request, context }: Route.ActionArgs) => {
  const credentials = await readCall(request, LoginSchema);
  const app = context.get(appContext);
  const result = await logIn({
    ...limitedCaller(app),
    jwtSecret: app.jwtSecret,
    ...credentials,
  });
  switch (result.outcome) {
    case "wrong-credentials":
      return jsonError(401, MESSAGES.badCredentials, NO_STORE);
    case "throttled":
    case "signed-in-too-often":
    case "busy":
      return tooManyAttempts(REFUSED[result.outcome], result.retryAfterSeconds);
  }
  const cookie = sessionCookie({ https: isHttps(app.site), session: result.session });
  const { refresh, access } = result.tokens;
  return json({ refresh, access }, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
});

export const loader = () => methodNotAllowed("POST");
