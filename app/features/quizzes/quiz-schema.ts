import { z } from "zod";
import {
  LETTERS,
  QUIZ_LEVELS,
  SPEC_QUIZ_QUESTION_COUNTS,
  SPEC_QUIZ_SLUGS,
  SUBJECTS,
} from "./quiz-constants";

export const QuizQuestionSchema = z.strictObject({
  question: z.string().trim().min(1),
  options: z.tuple([z.string().trim().min(1), z.string().trim().min(1), z.string().trim().min(1)]),
  answer: z.enum(LETTERS),
  explanation: z.string().trim().min(1),
  diagram: z
    .strictObject({
      file: z
        .string()
        .regex(/^[\w-]+\.svg$/, "must be an .svg file name in content/quizzes/diagrams/"),
      alt: z.string().trim().min(1),
    })
    .optional(),
});

/** content/quizzes/README.md describes the format. */
export const QuizSchema = z
  .strictObject({
    slug: z.enum(SPEC_QUIZ_SLUGS),
    title: z.string().trim().min(1),
    level: z.enum(QUIZ_LEVELS),
    // The subject page it belongs to; none for second-year medicine.
    subject: z.enum(SUBJECTS).optional(),
    description: z.string().trim().min(1),
    showScore: z.boolean(),
    questions: z.array(QuizQuestionSchema).min(1),
  })
  .superRefine((quiz, context) => {
    const refuse = (path: (string | number)[], message: string) =>
      context.addIssue({ code: "custom", path, message });
    const expected = SPEC_QUIZ_QUESTION_COUNTS[quiz.slug];
    const count = quiz.questions.length;
    if (count !== expected)
      refuse(["questions"], `must have ${expected} questions (docs/requirements.md), not ${count}`);
    const texts = new Set<string>();
    quiz.questions.forEach((question, index) => {
      if (texts.has(question.question))
        refuse(["questions", index, "question"], "repeats an earlier question");
      texts.add(question.question);
    });
  });

export type Quiz = z.infer<typeof QuizSchema>;
