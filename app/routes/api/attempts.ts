import { parseAttempts } from "#app/features/progress/attempt-input";
import {
  attemptJson,
  AttemptNotFoundError,
  listAttempts,
  saveAttempts,
  TooManyAttemptsError,
} from "#app/features/progress/attempts.server";
import { PRIVATE, requireStudent } from "#app/features/progress/student.server";
import { appContext } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, readJsonBody } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import type { Route } from "./+types/attempts";

// GET /api/attempts/: the student's own attempts, newest first; POST saves one (201 when new)
// or a list, by the id its sender made, so a retry saves once
// (docs/decisions/0042-quiz-attempts-kept-offline-first.md).
export const loader = jsonCall(async ({ request, context }: Route.LoaderArgs) => {
  const student = await requireStudent({ request, context, changes: false });
  const { db } = context.get(appContext);
  const attempts = await listAttempts({ db, userId: student.id });
  return json({ attempts: attempts.map(attemptJson) }, { headers: PRIVATE });
});

export const action = jsonCall(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST")
    return jsonError(405, "Use GET or POST for this address.", { Allow: "GET, HEAD, POST" });
  const student = await requireStudent({ request, context, changes: true });
  const body = await readJsonBody(request, { maxBytes: 64 * 1024 });
  const parsed = parseAttempts(body);
  if (!parsed.success) return json(describeIssues(parsed.error), { status: 400, headers: PRIVATE });
  const { db } = context.get(appContext);
  try {
    const saved = await saveAttempts({ db, userId: student.id, attempts: parsed.data });
    if (Array.isArray(body)) {
      return json(
        { saved: saved.map(({ attempt, outcome }) => ({ ...attemptJson(attempt), outcome })) },
        { headers: PRIVATE },
      );
    }
    const [{ attempt, outcome }] = saved as [(typeof saved)[number]];
    return json(attemptJson(attempt), {
      status: outcome === "created" ? 201 : 200,
      headers: PRIVATE,
    });
  } catch (error) {
    if (error instanceof AttemptNotFoundError)
      return jsonError(404, `No attempt of yours has the id ${error.attemptId}.`, PRIVATE);
    // The phone keeps what it could not send, and tries again later.
    if (error instanceof TooManyAttemptsError)
      return jsonError(429, `${error.message} Try again tomorrow.`, {
        "Retry-After": "3600",
        ...PRIVATE,
      });
    throw error;
  }
});
