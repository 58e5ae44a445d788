import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { siteSettings, type SiteSettings } from "#app/lib/site-settings.server";
import {
  BooksContentSchema,
  CoursesContentSchema,
  HomeContentSchema,
  PastPapersContentSchema,
  PodcastsContentSchema,
  SubjectContentSchema,
  VideosContentSchema,
  type BooksContent,
  type CoursesContent,
  type HomeContent,
  type PastPapersContent,
  type PodcastsContent,
  type SubjectContent,
  type VideosContent,
} from "./content-schema";

export type CatalogueContent = {
  home: HomeContent;
  books: BooksContent;
  subjects: SubjectContent[];
  pastPapers: PastPapersContent;
  courses: CoursesContent;
  videos: VideosContent;
  podcasts: PodcastsContent;
  app: SiteSettings["app"];
};

export const SUBJECT_FILES = ["biology", "chemistry", "english", "mathematics", "physics"] as const;

/** A content file that does not match its schema; the message names the file and the field. */
export class ContentError extends Error {
  override name = "ContentError";
}

/** Reads and checks every catalogue file under `contentDir` (default: ./content). */
export async function readCatalogueContent(
  contentDir = path.resolve("content"),
): Promise<CatalogueContent> {
  const read = <T>(file: string, schema: z.ZodType<T>) =>
    readContentFile(path.join(contentDir, "catalogue", file), schema);
  const [home, books, pastPapers, courses, videos, podcasts, subjects] = await Promise.all([
    read("home.json", HomeContentSchema),
    read("books.json", BooksContentSchema),
    read("past-papers.json", PastPapersContentSchema),
    read("courses.json", CoursesContentSchema),
    read("videos.json", VideosContentSchema),
    read("podcasts.json", PodcastsContentSchema),
    Promise.all(SUBJECT_FILES.map((slug) => read(`subjects/${slug}.json`, SubjectContentSchema))),
  ]);
  return { home, books, pastPapers, courses, videos, podcasts, subjects, app: siteSettings.app };
}

export async function readContentFile<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const shown = path.relative(process.cwd(), file);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ContentError(`${shown}: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.length ? issue.path.join(".") : "(whole file)";
    throw new ContentError(`${shown}: ${field}: ${issue.message}`);
  }
  return result.data;
}
