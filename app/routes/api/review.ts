import { PRIVATE, requireStudent } from "#app/features/progress/student.server";
import { answerReview } from "#app/features/review/review-answers.server";
import { parseReviewAnswers } from "#app/features/review/review-input";
import { cardJson, reviewJson } from "#app/features/review/review-session.server";
import { appContext } from "#app/lib/app-context.server";
import { json, jsonCall, jsonError, readJsonBody } from "#app/lib/http.server";
import type { Route } from "./+types/review";

// GET /api/review/: the student's due questions and queue; POST: answers given in review, by
// the id the phone made, so a replay changes nothing
// (docs/decisions/0086-the-phone-queue-merges-at-login.md).
export const loader = jsonCall(async ({ request, context }: Route.LoaderArgs) => {
  const student = await requireStudent({ request, context, changes: false });
  const { db, now } = context.get(appContext);
  return json(await reviewJson({ db, userId: student.id, now: now() }), { headers: PRIVATE });
});

export const action = jsonCall(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST")
    return jsonError(405, "Use GET or POST for this address.", { Allow: "GET, HEAD, POST" });
  const student = await requireStudent({ request, context, changes: true });
  const body = await readJsonBody(request, { maxBytes: 64 * 1024 });
  const { db, now } = context.get(appContext);
  const result = await answerReview({ db, userId: student.id }, parseReviewAnswers(body, now()));
  switch (result.outcome) {
    case "invalid":
      return json(
        { error: result.error, fields: result.fields },
        { status: 400, headers: PRIVATE },
      );
    case "not-found":
      return jsonError(404, result.error, PRIVATE);
    case "throttled":
      return jsonError(429, result.error, {
        "Retry-After": String(result.retryAfterSeconds),
        ...PRIVATE,
      });
    case "saved": {
      // As sent, `answer` is the letter chosen; `rightAnswer` is the key's.
      const saved = result.saved.map(({ card, choice, answer, ...rest }) => ({
        ...rest,
        answer: choice,
        rightAnswer: answer,
        card: cardJson(card),
      }));
      if (Array.isArray(body)) return json({ saved }, { headers: PRIVATE });
      const [one] = saved as [(typeof saved)[number]];
      return json(one, { status: one.outcome === "created" ? 201 : 200, headers: PRIVATE });
    }
  }
});
