import { z } from "zod";
import { QUIZ_SLUGS } from "#app/features/quizzes/public.server";

/**
 * The checked-in catalogue (content/catalogue/*.json), one file per page family. Each
 * schema is strict, so a misspelt field fails validation with the file and the field.
 */

const Text = z.string().trim().min(1);
const Keywords = z.array(Text).min(1);
/** A site image: a path under /images/ served from public/. */
const ImagePath = z
  .string()
  .regex(/^\/images\/[\w/-]+\.(webp|svg|png|jpg)$/, "must be a path under /images/");
const QuizSlug = z.enum(QUIZ_SLUGS);
/** A file name under content/media/. */
const MediaFile = z
  .string()
  .regex(/^[\w-]+\.(webm|mp4|ogg|opus|mp3|m4a)$/, "must be a file name under content/media/");
/** An external file, for a material whose real file lives elsewhere (Google Drive and the like). */
const ExternalFile = z.strictObject({
  url: z.url({ protocol: /^https$/ }),
  /** Recorded so the link can show its size before the tap. */
  byteSize: z.number().int().positive(),
});

export const HomeContentSchema = z.strictObject({
  title: Text,
  quote: z.strictObject({ text: Text, author: Text }),
  products: z
    .array(
      z.strictObject({
        title: Text,
        image: ImagePath,
        alt: Text,
        external: ExternalFile.optional(),
      }),
    )
    .length(5),
});

export const BooksContentSchema = z.strictObject({
  books: z
    .array(
      z.strictObject({
        title: Text,
        blurb: Text,
        cover: ImagePath,
        /** Shown crossed out, in ZMW, as written: "19.99". */
        crossedOutPrice: z.string().regex(/^\d+\.\d{2}$/, "must be a price like 19.99"),
        external: ExternalFile.optional(),
      }),
    )
    .length(4),
});

const GRADES = ["Ten", "Eleven", "Twelve", "Ten - Twelve"] as const;

export const SubjectContentSchema = z.strictObject({
  slug: z.enum(["biology", "chemistry", "english", "mathematics", "physics"]),
  name: Text,
  description: Text,
  keywords: Keywords,
  cover: ImagePath,
  sections: z
    .array(
      z.strictObject({
        grade: z.enum(GRADES),
        topics: z
          .array(
            z.strictObject({
              title: Text,
              free: z.boolean(),
              brainBooster: QuizSlug.optional(),
              /** The topic has a practice test and its answers. */
              practiceTest: z.boolean(),
              external: ExternalFile.optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

/** The past-paper labels the older site used, and their variants (docs/requirements.md, "Past-paper pages"). */
const PAST_PAPER_LABEL =
  /^(Test [123]( Part [AB])?|Sessional( Part [12])?|Practical)( Practical)?( with answer schedule| with answers)?$/;

const PastPaperYear = z.strictObject({
  year: z.number().int().min(2011).max(2023),
  papers: z
    .array(
      z.strictObject({
        label: z
          .string()
          .regex(
            PAST_PAPER_LABEL,
            "must be a label such as Test 1, Sessional Part 2 or Test 2 with answers",
          ),
        external: ExternalFile.optional(),
      }),
    )
    .min(1),
});

export const PastPapersContentSchema = z.strictObject({
  subjects: z
    .array(
      z.strictObject({
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
        name: Text,
        description: Text,
        keywords: Keywords,
        years: z.array(PastPaperYear).min(1),
        /** PDFs under 'Topical Revision Questions' (physiology's Cell Physiology). */
        topicalPdfs: z
          .array(z.strictObject({ title: Text, external: ExternalFile.optional() }))
          .default([]),
        /** Brain Booster quizzes linked under 'Topical Revision Questions'. */
        quizzes: z.array(QuizSlug).default([]),
      }),
    )
    .length(11),
});

export const CoursesContentSchema = z.strictObject({
  courses: z
    .array(
      z.strictObject({
        code: z.enum(["BI110", "CH110", "PH110", "MA110", "CS110", "LA111"]),
        name: Text,
        description: Text,
        keywords: Keywords,
        years: z.array(PastPaperYear).min(1),
      }),
    )
    .length(6),
});

export const VideosContentSchema = z.strictObject({
  videos: z
    .array(
      z.strictObject({
        title: Text,
        description: Text,
        topics: z.array(Text).min(1),
        /** Shown before play; nothing heavier loads until the student presses play. */
        poster: ImagePath,
        source: z.discriminatedUnion("kind", [
          /** A video file under content/media/, stored and served like any download. */
          z.strictObject({ kind: z.literal("file"), file: MediaFile, sample: z.boolean() }),
          z.strictObject({
            kind: z.literal("youtube"),
            id: z.string().regex(/^[\w-]{11}$/, "must be an 11-character YouTube video id"),
          }),
        ]),
      }),
    )
    .length(4),
});

export const PodcastsContentSchema = z.strictObject({
  podcasts: z
    .array(
      z.strictObject({
        title: Text,
        description: Text,
        /** A file under content/media/, stored and served like any other download. */
        audioFile: MediaFile,
        sample: z.boolean(),
      }),
    )
    .length(2),
});

export type HomeContent = z.infer<typeof HomeContentSchema>;
export type BooksContent = z.infer<typeof BooksContentSchema>;
export type SubjectContent = z.infer<typeof SubjectContentSchema>;
export type PastPapersContent = z.infer<typeof PastPapersContentSchema>;
export type CoursesContent = z.infer<typeof CoursesContentSchema>;
export type VideosContent = z.infer<typeof VideosContentSchema>;
export type PodcastsContent = z.infer<typeof PodcastsContentSchema>;
