import type { z } from "zod";

// `fieldsOf<typeof LoginSchema>()("username")`: a name the schema lacks is a type error.
export function fieldsOf<Schema extends z.ZodType>() {
  return <Name extends keyof z.input<Schema> & string>(name: Name): Name => name;
}
