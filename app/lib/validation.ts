import type { z } from "zod";

export function describeIssues(error: z.ZodError): {
  error: string;
  fields: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "body");
    fields[field] ??=
      issue.path.length || issue.code !== "invalid_type"
        ? issue.message
        : "The request body must be a JSON object.";
  }
  return { error: Object.values(fields)[0] ?? "The request was not valid.", fields };
}
