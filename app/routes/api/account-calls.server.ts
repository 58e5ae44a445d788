import type { z } from "zod";
import { json, jsonError, readJsonBody, requireMethod } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";

/**
 * What the older app's account calls (/register/, /api/token/, its refresh and blacklist)
 * share: POST only, a small JSON body checked by its schema, and answers no cache keeps
 * (docs/security.md, "Tokens").
 */

/** Django REST framework's form cap is far larger; these bodies hold a few short fields. */
const MAX_BODY_BYTES = 16 * 1024;

export const NO_STORE = { "Cache-Control": "no-store" };

/** The call's body, as its schema reads it; anything else is refused by throwing the answer. */
export async function readCall<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { headers }: { headers?: HeadersInit } = {},
): Promise<z.infer<Schema>> {
  requireMethod(request, "POST");
  const parsed = schema.safeParse(await readJsonBody(request, { maxBytes: MAX_BODY_BYTES }));
  if (!parsed.success) throw json(describeIssues(parsed.error), { status: 400, headers });
  return parsed.data;
}

export function tooManyAttempts(message: string, retryAfterSeconds: number): Response {
  return jsonError(429, message, { "Retry-After": String(retryAfterSeconds), ...NO_STORE });
}
