import { z } from "zod";
import { isPlainText } from "#app/lib/text-rules";
import { QUIZ_SLUGS } from "#app/features/quizzes/public.server";

/** The fields an admin may edit on a material; anything else in a body is ignored. */
export const MaterialEditSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Title is required.")
    .max(200)
    .refine(isPlainText, "Title must not contain control characters."),
  crossedOutPrice: z
    .union([
      z.literal(""),
      z.string().regex(/^\d+\.\d{2}$/, "A crossed-out price looks like 19.99."),
    ])
    .optional(),
  priceNgwee: z.number().int().min(0).max(1_000_000).nullable().optional(),
  isFree: z.boolean(),
  grade: z.union([z.literal(""), z.enum(["Ten", "Eleven", "Twelve", "Ten - Twelve"])]).optional(),
  year: z.number().int().min(2000).max(2100).nullable().optional(),
  label: z
    .string()
    .trim()
    .max(80)
    .refine(isPlainText, "Label must not contain control characters.")
    .optional(),
  brainBooster: z.union([z.literal(""), z.enum(QUIZ_SLUGS)]).optional(),
});
export type MaterialEdit = z.infer<typeof MaterialEditSchema>;

export const ExternalLinkSchema = z.object({
  url: z.url({ protocol: /^https$/, error: "The link must be an https address." }),
  byteSize: z
    .number({ error: "Give the file's size in bytes, so students see it before they tap." })
    .int()
    .positive()
    .max(5_000_000_000),
});
export type ExternalLink = z.infer<typeof ExternalLinkSchema>;
