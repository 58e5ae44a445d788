import { z } from "zod";
import { isPlainText } from "#app/lib/text-rules";
import { isQuizSlug } from "#app/features/quizzes/public.server";

export const GRADES = ["Ten", "Eleven", "Twelve", "Ten - Twelve"] as const;

/** The admin's material form as posted: every value text, a ticked checkbox "on". */
export const MaterialEditSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Title is required.")
      .max(200, "Title must be at most 200 characters.")
      .refine(isPlainText, "Title must not contain control characters."),
    isFree: z.literal("on").optional(),
    priceZmw: z
      .string()
      .trim()
      .regex(/^(\d{1,4}(\.\d{1,2})?)?$/, "A price looks like 4 or 4.50.")
      .default(""),
    crossedOutPrice: z
      .string()
      .trim()
      .regex(/^(\d+\.\d{2})?$/, "A crossed-out price looks like 19.99.")
      .default(""),
    grade: z.union([z.literal(""), z.enum(GRADES)]).default(""),
    year: z
      .string()
      .trim()
      .regex(/^((20\d\d)|2100)?$/, "A year is a number from 2000 to 2100.")
      .default(""),
    label: z
      .string()
      .trim()
      .max(80, "Label must be at most 80 characters.")
      .refine(isPlainText, "Label must not contain control characters.")
      .default(""),
    brainBooster: z
      .union([
        z.literal(""),
        z.string().refine(isQuizSlug, "There is no Brain Booster quiz of that name."),
      ])
      .default(""),
  })
  .transform((form) => ({
    title: form.title,
    isFree: form.isFree === "on",
    priceNgwee: form.priceZmw === "" ? null : Math.round(Number(form.priceZmw) * 100),
    crossedOutPrice: form.crossedOutPrice || null,
    grade: form.grade || null,
    year: form.year === "" ? null : Number(form.year),
    label: form.label || null,
    brainBooster: form.brainBooster || null,
  }));
export type MaterialEdit = z.output<typeof MaterialEditSchema>;

export const ExternalLinkSchema = z.object({
  url: z.url({ protocol: /^https$/, error: "The link must be an https address." }),
  byteSize: z.coerce
    .number({ error: "Give the file's size in bytes, so students see it before they tap." })
    .int("Give the file's size in whole bytes.")
    .positive("Give the file's size in bytes, so students see it before they tap.")
    .max(5_000_000_000, "That is larger than any file a student should download."),
});
export type ExternalLink = z.output<typeof ExternalLinkSchema>;
