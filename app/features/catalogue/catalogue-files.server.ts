import path from "node:path";
import type { z } from "zod";
import { readContentFile } from "#app/lib/content-files.server";
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
} from "./content-schema.server";

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

const SUBJECT_FILES = ["biology", "chemistry", "english", "mathematics", "physics"] as const;

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
