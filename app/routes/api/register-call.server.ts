import {
  BUSY_RETRY_SECONDS,
  countRegistrationAttempt,
  MESSAGES,
  registerStudent,
} from "#app/features/accounts/sign-in.server";
import { RegisterSchema } from "#app/features/accounts/schemas";
import { appContext } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, readJsonBody, requireMethod } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import { tooManyAttempts } from "./account-calls.server";

/**
 * POST /register/: the older app's registration (docs/requirements.md, "The older app's
 * calls"). It shares its address with the /register page, as React Router ignores a trailing
 * slash, so routes/register.tsx hands it every request whose address ends in "/".
 *
 * Every well-formed attempt counts against the address's registration limit, valid or not.
 */
export const registerCall = jsonCall(async ({ request, context }) => {
  requireMethod(request, "POST");
  const app = context.get(appContext);
  const body = await readJsonBody(request, { maxBytes: 16 * 1024 });
  const allowed = await countRegistrationAttempt({
    limiter: app.rateLimiter,
    client: app.clientAddress,
  });
  if (!allowed.allowed) {
    return tooManyAttempts(MESSAGES.tooManyRegistrations, allowed.retryAfterSeconds);
  }
  const parsed = RegisterSchema.safeParse(body);
  if (!parsed.success) return json(describeIssues(parsed.error), { status: 400 });
  const result = await registerStudent({
    db: app.db,
    logger: app.logger,
    student: parsed.data,
    client: app.clientAddress,
  });
  if (result.outcome === "weak-password") {
    return json({ error: result.message, fields: { password: result.message } }, { status: 400 });
  }
  if (result.outcome === "taken") return jsonError(409, MESSAGES.usernameTaken);
  if (result.outcome === "busy") return tooManyAttempts(MESSAGES.busy, BUSY_RETRY_SECONDS);
  return json({ message: MESSAGES.registered }, { status: 201 });
});
