import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";

/** A content file that does not match its schema; the message names the file and the field. */
export class ContentError extends Error {
  override name = "ContentError";
}

/**
 * Reads one checked-in content file (catalogue, quizzes, articles) and checks it against its
 * schema, so that a typo stops the start with the file and field named rather than reaching
 * a student.
 */
export async function readContentFile<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const shown = path.relative(process.cwd(), file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ContentError(`${shown}: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.length ? issue.path.join(".") : "(whole file)";
    throw new ContentError(`${shown}: ${field}: ${issue.message}`);
  }
  return result.data;
}
