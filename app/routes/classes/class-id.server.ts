import { z } from "zod";
import { notFound } from "#app/lib/http.server";

const IdSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A class or student number from the address; anything else is a page that does not exist. */
export function idFrom(param: string | undefined): number {
  const parsed = IdSchema.safeParse(param);
  if (!parsed.success) throw notFound();
  return parsed.data;
}
