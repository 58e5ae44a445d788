import { z } from "zod";
import * as quizzes from "#app/features/quizzes/public.server";
import { normaliseClassCode } from "./class-code";
import { CODE_RULE } from "./texts";

const text = (field: string, most: number) =>
  z
    .string({ error: `Type the class's ${field}.` })
    .trim()
    .min(1, `Type the class's ${field}.`)
    .max(most, `A class's ${field} is at most ${most} characters.`);

export const NewClassSchema = z.object({
  name: text("name", 80),
  subject: text("subject", 60),
  grade: text("grade", 30),
});
export type NewClass = z.infer<typeof NewClassSchema>;

const ClassCodeSchema = z
  .string({ error: CODE_RULE })
  .max(40, CODE_RULE)
  .transform((typed, context) => {
    const code = normaliseClassCode(typed);
    if (code) return code;
    context.addIssue({ code: "custom", message: CODE_RULE });
    return z.NEVER;
  });

export const JoinSchema = z.object({ code: ClassCodeSchema });

const quizSlug = z.custom<quizzes.QuizSlug>(
  (value) => typeof value === "string" && quizzes.isQuizSlug(value),
  "Pick a Brain Booster quiz.",
);

export const SetQuizSchema = z.object({
  quiz: quizSlug,
  // An empty date field means no due day.
  due: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "A due day is a date, like 2026-12-04.")
    .refine(
      (day) => !day || !Number.isNaN(Date.parse(`${day}T00:00:00Z`)),
      "That day does not exist.",
    )
    .transform((day) => day || null)
    .default(""),
});

const id = z.coerce
  .number({ error: "No such student." })
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** What a teacher's page posts: one form per change, named by `intent`. */
export const TeacherChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-quiz") }).extend(SetQuizSchema.shape),
  z.object({ intent: z.literal("unset-quiz"), quiz: quizSlug }),
  z.object({ intent: z.literal("remove-student"), student: id }),
  z.object({ intent: z.literal("renew-code") }),
  z.object({
    intent: z.literal("close"),
    confirm: z.literal("yes", { error: "Tick the box to say you mean to close the class." }),
  }),
]);

/** What the student's list of classes posts. */
export const StudentChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join"), code: ClassCodeSchema }),
  z.object({ intent: z.literal("leave"), class: id }),
]);
