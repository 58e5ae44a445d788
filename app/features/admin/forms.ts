import { z } from "zod";

/** The article list's buttons: publish, unpublish, or delete (once confirmed). */
export const ArticleListFormSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete"], {
    error: "Choose what to do with the article.",
  }),
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, "That is not an article.")
    .transform(Number),
  /** "yes" once the admin has confirmed a delete (in a dialog, or on the confirmation form). */
  confirmed: z
    .string()
    .optional()
    .transform((value) => value === "yes"),
});

/** Which of the material page's forms was sent. */
export const MaterialIntentSchema = z.object({
  intent: z.enum(["details", "file", "image", "link"], { error: "Choose what to change." }),
});
