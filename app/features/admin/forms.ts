import { z } from "zod";

export const ArticleListFormSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete"], {
    error: "Choose what to do with the article.",
  }),
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "That is not an article.")
    .transform(Number),
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "yes"),
});

export const MaterialIntentSchema = z.object({
  intent: z.enum(["details", "file", "image", "link"], { error: "Choose what to change." }),
});
