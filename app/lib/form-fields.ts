import type { z } from "zod";

/**
 * Names for a form's fields, checked against the schema its action parses: a field the
 * schema does not read is a type error, so the form and the action cannot drift apart.
 *
 *     const field = fieldsOf<typeof LoginSchema>();
 *     <input name={field("username")} />
 */
export function fieldsOf<Schema extends z.ZodType>() {
  return <Name extends keyof z.input<Schema> & string>(name: Name): Name => name;
}
