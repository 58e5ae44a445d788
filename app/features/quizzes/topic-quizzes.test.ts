import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { readContentFile } from "#app/lib/content-files.server";
import { SPEC_QUIZ_SLUGS, SUBJECTS } from "./quiz-constants";
import { QuizSchema } from "./quiz-schema";
import { QuizReviewSchema, TopicQuizSchema, type TopicQuiz } from "./topic-quiz-schema";

const DIR = path.resolve("content/quizzes");
const SubjectPageSchema = z.object({
  sections: z.array(
    z.object({
      topics: z.array(z.object({ title: z.string(), brainBooster: z.string().optional() })),
    }),
  ),
});

const quizzes: TopicQuiz[] = [];
const reviews = new Map<string, z.infer<typeof QuizReviewSchema>>();
/** Each subject page's topics, with the quiz each links as its Brain Booster. */
const topicBoosters = new Map<string, { title: string; brainBooster?: string }[]>();
const specQuestions: string[] = [];

beforeAll(async () => {
  for (const file of (await readdir(path.join(DIR, "topics"))).sort())
    quizzes.push(await readContentFile(path.join(DIR, "topics", file), TopicQuizSchema));
  for (const file of await readdir(path.join(DIR, "reviews")))
    reviews.set(
      file.replace(/\.json$/, ""),
      await readContentFile(path.join(DIR, "reviews", file), QuizReviewSchema),
    );
  for (const subject of SUBJECTS) {
    const page = await readContentFile(
      path.resolve(`content/catalogue/subjects/${subject}.json`),
      SubjectPageSchema,
    );
    topicBoosters.set(
      subject,
      page.sections.flatMap((section) => section.topics),
    );
  }
  for (const slug of SPEC_QUIZ_SLUGS) {
    const quiz = await readContentFile(path.join(DIR, `${slug}.json`), QuizSchema);
    specQuestions.push(...quiz.questions.map((question) => question.question.toLowerCase()));
  }
});

const keyOf = (quiz: TopicQuiz) => quiz.questions.map((question) => question.answer).join("");

describe("the topics' Brain Boosters", () => {
  it("are the Brain Booster of the topic they were written for, on its subject page", () => {
    for (const quiz of quizzes) {
      const topic = topicBoosters.get(quiz.subject)!.find((each) => each.title === quiz.topic);
      expect(topic?.brainBooster, quiz.slug).toBe(quiz.slug);
    }
    expect(quizzes).toHaveLength(103);
  });

  it("leave no topic on the five subject pages without a Brain Booster", () => {
    const known = new Set<string>([...SPEC_QUIZ_SLUGS, ...quizzes.map((quiz) => quiz.slug)]);
    for (const [subject, topics] of topicBoosters)
      for (const topic of topics)
        expect(known.has(topic.brainBooster ?? ""), `${subject}: ${topic.title}`).toBe(true);
  });

  it("name each file by its slug, which no quiz route of the spec's can take", () => {
    for (const quiz of quizzes) expect(SPEC_QUIZ_SLUGS as string[]).not.toContain(quiz.slug);
    expect(new Set(quizzes.map((quiz) => quiz.slug)).size).toBe(quizzes.length);
  });

  it("give every question three different options and a key that is not always one letter", () => {
    for (const quiz of quizzes) {
      for (const question of quiz.questions)
        expect(new Set(question.options).size, question.question).toBe(3);
      for (const letter of "ABC")
        expect(
          keyOf(quiz).split(letter).length - 1,
          `${quiz.slug} ${letter}`,
        ).toBeGreaterThanOrEqual(2);
    }
  });

  it("never repeat a question's text, among themselves or with the spec's quizzes", () => {
    const texts = [
      ...specQuestions,
      ...quizzes.flatMap((quiz) =>
        quiz.questions.map((question) => question.question.toLowerCase()),
      ),
    ];
    expect(texts.length - new Set(texts).size).toBe(0);
  });

  it("were each checked blind by someone who did not write them, and the record matches the key", () => {
    for (const quiz of quizzes) {
      const review = reviews.get(quiz.slug);
      expect(review, `${quiz.slug} has no review`).toBeDefined();
      expect(review!.slug).toBe(quiz.slug);
      expect(review!.reviewer, quiz.slug).not.toBe(review!.writer);
      expect(review!.keyAfter, quiz.slug).toBe(keyOf(quiz));
      const agreed = [...review!.blindAnswers].filter(
        (letter, at) => letter === review!.keyBefore[at],
      );
      expect(agreed.length, quiz.slug).toBe(review!.agreedBlind);
      // Every answer the reviewer gave blind that differs from the key is settled in a finding.
      const differing = [...review!.blindAnswers].flatMap((letter, at) =>
        letter === review!.keyAfter[at] ? [] : [at + 1],
      );
      const settled = new Set(review!.findings.map((finding) => finding.question));
      expect(
        differing.filter((question) => !settled.has(question)),
        quiz.slug,
      ).toEqual([]);
    }
  });
});
