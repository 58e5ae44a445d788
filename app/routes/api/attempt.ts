import { ATTEMPT_ID } from "#app/features/progress/attempt-input";
import { attemptJson, findAttempt } from "#app/features/progress/attempts.server";
import { PRIVATE, requireStudent } from "#app/features/progress/student.server";
import { appContext } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, methodNotAllowed } from "#app/lib/http.server";
import type { Route } from "./+types/attempt";

/** GET /api/attempts/{id}/: one of the student's attempts; another's, or an id no phone makes, is not found. */
export const loader = jsonCall(async ({ request, context, params }: Route.LoaderArgs) => {
  const student = await requireStudent({ request, context, changes: false });
  const { db } = context.get(appContext);
  const attempt = ATTEMPT_ID.test(params.id)
    ? await findAttempt({ db, userId: student.id, id: params.id })
    : undefined;
  if (!attempt) return jsonError(404, `No attempt of yours has the id ${params.id}.`, PRIVATE);
  return json(attemptJson(attempt), { headers: PRIVATE });
});

export const action = () => methodNotAllowed("GET");
