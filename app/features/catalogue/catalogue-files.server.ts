import path from "node:path";
import { z } from "zod";
import { isQuizSlug } from "#app/features/quizzes/public.server";
import { readContentFile } from "#app/lib/content-files.server";
import { siteSettings } from "#app/lib/site-settings.server";
import { GRADES } from "./material-schemas";

// Strict objects throughout: a misspelt field in content/catalogue/*.json stops the start.
const Text = z.string().trim().min(1);
const Keywords = z.array(Text).min(1);
const ImagePath = z
  .string()
  .regex(/^\/images\/[\w/-]+\.(webp|svg|png|jpg)$/, "must be a path under /images/");
const QuizSlug = z.string().refine(isQuizSlug, "must name a quiz in content/quizzes/");
const MediaFile = z
  .string()
  .regex(/^[\w-]+\.(webm|mp4|ogg|opus|mp3|m4a)$/, "must be a file name under content/media/");
/** How a subject or course page is described to students and search engines. */
const PageDescription = { name: Text, description: Text, keywords: Keywords };
const ExternalFile = z.strictObject({
  url: z.url({ protocol: /^https$/ }),
  byteSize: z.number().int().positive(),
});

const Product = z.strictObject({
  title: Text,
  image: ImagePath,
  alt: Text,
  external: ExternalFile.optional(),
});

const HomeContentSchema = z.strictObject({
  title: Text,
  quote: z.strictObject({ text: Text, author: Text }),
  products: z.array(Product).length(5),
});

const Book = z.strictObject({
  title: Text,
  blurb: Text,
  cover: ImagePath,
  crossedOutPrice: z.string().regex(/^\d+\.\d{2}$/, "must be a price like 19.99"),
  external: ExternalFile.optional(),
});

export const BooksContentSchema = z.strictObject({ books: z.array(Book).length(4) });

const SUBJECT_SLUGS = ["biology", "chemistry", "english", "mathematics", "physics"] as const;

const Topic = z.strictObject({
  title: Text,
  /** Shown on the topic's card and found by search: a few, or the card turns into a list. */
  subtopics: z.array(Text).min(3).max(10),
  free: z.boolean(),
  brainBooster: QuizSlug.optional(),
  practiceTest: z.boolean(),
  external: ExternalFile.optional(),
});

const SubjectContentSchema = z.strictObject({
  slug: z.enum(SUBJECT_SLUGS),
  ...PageDescription,
  cover: ImagePath,
  sections: z
    .array(z.strictObject({ grade: z.enum(GRADES), topics: z.array(Topic).min(1) }))
    .min(1),
});

/** The older site's labels and their variants (docs/requirements.md#past-paper-pages). */
const PAST_PAPER_LABEL =
  /^(Test [123]( Part [AB])?|Sessional( Part [12])?|Practical)( Practical)?( with answer schedule| with answers)?$/;

const PastPaper = z.strictObject({
  label: z
    .string()
    .regex(
      PAST_PAPER_LABEL,
      "must be a label such as Test 1, Sessional Part 2 or Test 2 with answers",
    ),
  external: ExternalFile.optional(),
});

const PastPaperYear = z.strictObject({
  year: z.number().int().min(2011).max(2023),
  papers: z.array(PastPaper).min(1),
});

const MedicalSubject = z.strictObject({
  slug: z.enum([
    "bioch",
    "histo",
    "labsc",
    "publi",
    "embry",
    "gross",
    "socie",
    "patho",
    "physi",
    "clini",
    "thera",
  ]),
  ...PageDescription,
  years: z.array(PastPaperYear).min(1),
  topicalPdfs: z
    .array(z.strictObject({ title: Text, external: ExternalFile.optional() }))
    .default([]),
  quizzes: z.array(QuizSlug).default([]),
});

const PastPapersContentSchema = z.strictObject({ subjects: z.array(MedicalSubject).length(11) });

const Course = z.strictObject({
  code: z.enum(["BI110", "CH110", "PH110", "MA110", "CS110", "LA111"]),
  ...PageDescription,
  years: z.array(PastPaperYear).min(1),
});

const CoursesContentSchema = z.strictObject({ courses: z.array(Course).length(6) });

const Video = z.strictObject({
  title: Text,
  description: Text,
  topics: z.array(Text).min(1),
  poster: ImagePath,
  source: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("file"), file: MediaFile, sample: z.boolean() }),
    z.strictObject({
      kind: z.literal("youtube"),
      id: z.string().regex(/^[\w-]{11}$/, "must be an 11-character YouTube video id"),
    }),
  ]),
});

const VideosContentSchema = z.strictObject({ videos: z.array(Video).length(4) });

const Podcast = z.strictObject({
  title: Text,
  description: Text,
  audioFile: MediaFile,
  sample: z.boolean(),
});

const PodcastsContentSchema = z.strictObject({ podcasts: z.array(Podcast).length(2) });

export type CatalogueContent = Awaited<ReturnType<typeof readCatalogueContent>>;

export async function readCatalogueContent(contentDir = path.resolve("content")) {
  const read = <T>(file: string, schema: z.ZodType<T>) =>
    readContentFile(path.join(contentDir, "catalogue", file), schema);
  const [home, books, pastPapers, courses, videos, podcasts, subjects] = await Promise.all([
    read("home.json", HomeContentSchema),
    read("books.json", BooksContentSchema),
    read("past-papers.json", PastPapersContentSchema),
    read("courses.json", CoursesContentSchema),
    read("videos.json", VideosContentSchema),
    read("podcasts.json", PodcastsContentSchema),
    readSubjects(contentDir),
  ]);
  return { home, books, pastPapers, courses, videos, podcasts, subjects, app: siteSettings.app };
}

function readSubjects(contentDir: string) {
  return Promise.all(
    SUBJECT_SLUGS.map((slug) =>
      readContentFile(
        path.join(contentDir, "catalogue", "subjects", `${slug}.json`),
        SubjectContentSchema,
      ),
    ),
  );
}

/**
 * Each Brain Booster a subject page links, with its topic's subtopics: the quizzes keep no list
 * of their own (docs/decisions/0083-a-quiz-takes-its-topics-subtopics.md).
 */
export function quizSubtopicsOf(
  subjects: CatalogueContent["subjects"],
): ReadonlyMap<string, readonly string[]> {
  const topics = subjects.flatMap((subject) =>
    subject.sections.flatMap((section) => section.topics),
  );
  return new Map(
    topics.flatMap((topic) => (topic.brainBooster ? [[topic.brainBooster, topic.subtopics]] : [])),
  );
}

let homeIntro: Promise<Pick<z.infer<typeof HomeContentSchema>, "title" | "quote">> | undefined;

export function readHomeIntro() {
  homeIntro ??= readContentFile(
    path.resolve("content/catalogue/home.json"),
    HomeContentSchema,
  ).then(({ title, quote }) => ({ title, quote }));
  return homeIntro;
}
