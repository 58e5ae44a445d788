import type { z } from "zod";
import { json, jsonError, readJsonBody, requireMethod } from "#app/lib/http.server";
import { describeIssues } from "#app/lib/validation";

// The older app's account calls: POST only, a few short JSON fields, responses no cache
// keeps (docs/security.md#tokens).
export const NO_STORE = { "Cache-Control": "no-store" };

/** The call's body as its schema reads it; anything else is refused by a thrown response. */
export async function readCall<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<z.infer<Schema>> {
  requireMethod(request, "POST");
  const parsed = schema.safeParse(await readJsonBody(request, { maxBytes: 16 * 1024 }));
  if (!parsed.success) throw json(describeIssues(parsed.error), { status: 400, headers: NO_STORE });
  return parsed.data;
}

export function tooManyAttempts(message: string, retryAfterSeconds: number): Response {
  return jsonError(429, message, { "Retry-After": String(retryAfterSeconds), ...NO_STORE });
}
