import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";

export class ContentError extends Error {
  override name = "ContentError";
}

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
