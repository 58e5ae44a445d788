import { myClassesJson } from "#app/features/classes/class-pages.server";
import { joinClass } from "#app/features/classes/classes.server";
import { JoinSchema } from "#app/features/classes/schemas";
import { CLASS_TEXTS } from "#app/features/classes/texts";
import { PRIVATE, requireStudent } from "#app/features/progress/student.server";
import { appContext } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, readJsonBody } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";
import type { Route } from "./+types/classes";

// GET /api/classes/: the classes the student is in, each with its set quizzes; POST { code }
// joins one. The access token as /api/attempts/ takes it (docs/requirements.md#classes).
export const loader = jsonCall(async ({ request, context }: Route.LoaderArgs) => {
  const student = await requireStudent({ request, context, changes: false });
  const { db } = context.get(appContext);
  return json(await myClassesJson({ db, userId: student.id }), { headers: PRIVATE });
});

export const action = jsonCall(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST")
    return jsonError(405, "Use GET or POST for this address.", { Allow: "GET, HEAD, POST" });
  const student = await requireStudent({ request, context, changes: true });
  const parsed = JoinSchema.safeParse(await readJsonBody(request, { maxBytes: 4096 }));
  if (!parsed.success) return json(describeIssues(parsed.error), { status: 400, headers: PRIVATE });
  const { db, now } = context.get(appContext);
  const result = await joinClass({ db, userId: student.id, code: parsed.data.code, now: now() });
  switch (result.outcome) {
    case "not-found":
      return jsonError(404, CLASS_TEXTS.noSuchCode, PRIVATE);
    case "own-class":
      return jsonError(409, CLASS_TEXTS.ownClass, PRIVATE);
    case "full":
      return jsonError(409, CLASS_TEXTS.full, PRIVATE);
    case "joined":
    case "already-in": {
      const { classes } = await myClassesJson({ db, userId: student.id });
      const joined = classes.find((entry) => entry.id === result.class.id);
      return json(joined, { status: result.outcome === "joined" ? 201 : 200, headers: PRIVATE });
    }
  }
});
