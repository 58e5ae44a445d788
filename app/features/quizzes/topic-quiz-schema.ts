import { z } from "zod";
import {
  SUBJECTS,
  TOPIC_QUIZ_QUESTION_COUNT,
  TOPIC_QUIZ_SLUG,
  type TopicQuizSlug,
} from "./quiz-constants";
import { QuizQuestionSchema } from "./quiz-schema";

/**
 * A topic's Brain Booster (content/quizzes/README.md): ten questions in the spec's quiz format,
 * with the topic it belongs to on its subject page, whose subtopics search knows it by.
 */
export const TopicQuizSchema = z
  .strictObject({
    slug: z.custom<TopicQuizSlug>(
      (value) => typeof value === "string" && TOPIC_QUIZ_SLUG.test(value),
      "must be the subject, then the topic, in small letters and digits joined by hyphens",
    ),
    subject: z.enum(SUBJECTS),
    topic: z.string().trim().min(1),
    title: z.string().trim().min(1),
    level: z.enum(["Grade 10", "Grade 11", "Grade 12"]),
    description: z.string().trim().startsWith("Ten questions on "),
    questions: z.array(QuizQuestionSchema).length(TOPIC_QUIZ_QUESTION_COUNT),
  })
  .refine((quiz) => quiz.slug.startsWith(`${quiz.subject}-`), {
    message: "the slug starts with its subject",
    path: ["slug"],
  });

export type TopicQuiz = z.infer<typeof TopicQuizSchema>;

/** The record of one quiz's blind check by someone who did not write it (content/quizzes/README.md). */
export const QuizReviewSchema = z.strictObject({
  slug: z.string(),
  writer: z.string().trim().min(1),
  reviewer: z.string().trim().min(1),
  date: z.iso.date(),
  blindAnswers: z.string().regex(/^[ABC]{10}$/),
  keyBefore: z.string().regex(/^[ABC]{10}$/),
  keyAfter: z.string().regex(/^[ABC]{10}$/),
  agreedBlind: z.number().int().min(0).max(10),
  findings: z.array(
    z.strictObject({
      question: z.number().int().min(1).max(10),
      kind: z.enum([
        "wrong key",
        "ambiguous",
        "error",
        "wording",
        "off-syllabus",
        "reviewer mistake",
      ]),
      detail: z.string().min(1),
      resolution: z.string().min(1),
    }),
  ),
});
