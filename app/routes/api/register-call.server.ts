import { registerStudent } from "#app/features/accounts/sign-in.server";
import { MESSAGES } from "#app/features/accounts/texts";
import { appContext, limitedCaller } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, readJsonBody, requireMethod } from "#app/lib/http.server";
import { tooManyAttempts } from "./account-calls.server";

/** POST /register/ (docs/requirements.md#the-older-apps-calls), sent on by routes/register.tsx. */
export const registerCall = jsonCall(async ({ request, context }) => {
  requireMethod(request, "POST");
  const app = context.get(appContext);
  const result = await registerStudent({
    ...limitedCaller(app),
    fields: await readJsonBody(request, { maxBytes: 16 * 1024 }),
  });
  switch (result.outcome) {
    case "created":
      return json({ message: MESSAGES.registered }, { status: 201 });
    case "invalid":
      return json(result.problems, { status: 400 });
    case "weak-password":
      return json({ error: result.message, fields: { password: result.message } }, { status: 400 });
    case "taken":
      return jsonError(409, MESSAGES.usernameTaken);
    case "throttled":
      return tooManyAttempts(MESSAGES.tooManyRegistrations, result.retryAfterSeconds);
    case "busy":
      return tooManyAttempts(MESSAGES.busy, result.retryAfterSeconds);
  }
});
