import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#database/client.server";
import { articles } from "#database/schema";
import { completeArticle, draftOfStored, type ArticleDraft } from "./article-schema";

/**
 * Why an article cannot be published as it stands: the article schema's issues, for the
 * caller to word. Nothing was written.
 */
export type NotReady = { notReady: z.core.$ZodIssue[] };

function rowOf(article: ArticleDraft) {
  return {
    title: article.title,
    date: article.date,
    time: article.time,
    poster: article.poster,
    position: article.position,
    images: article.images,
    intro: [...article.intro],
    groups: [article.groups[0].sections, article.groups[1].sections] as [
      ArticleDraft["groups"][0]["sections"],
      ArticleDraft["groups"][1]["sections"],
    ],
    closingImage: article.closingImage,
    keywords: article.keywords,
  };
}

/**
 * The row to write: a draft as it was typed, or, to be published, the complete article
 * (docs/decisions/0037-drafts-and-the-editor-on-a-phone.md). This is the one gate on the
 * way to the public pages and the older app's calls, which read published rows only.
 */
function rowToWrite(
  article: ArticleDraft,
  published: boolean,
): { row: ReturnType<typeof rowOf> } | NotReady {
  if (!published) return { row: rowOf(article) };
  const complete = completeArticle(article);
  return complete.success ? { row: rowOf(complete.data) } : { notReady: complete.error.issues };
}

/**
 * A new article, published or kept as a draft. Written on the site (origin "site"), so
 * loading the content files never touches it.
 */
export async function createArticle({
  db,
  article,
  publish,
}: {
  db: Database;
  article: ArticleDraft;
  publish: boolean;
}): Promise<number | NotReady> {
  const write = rowToWrite(article, publish);
  if ("notReady" in write) return write;
  const [created] = await db
    .insert(articles)
    .values({ ...write.row, published: publish, origin: "site", isSample: false })
    .returning({ id: articles.id });
  return created!.id;
}

/**
 * Saves an article as it stands: a draft stays a draft, a published article must stay
 * complete. False when there is no article `id`.
 */
export async function updateArticle({
  db,
  id,
  article,
}: {
  db: Database;
  id: number;
  article: ArticleDraft;
}): Promise<boolean | NotReady> {
  const [current] = await db
    .select({ published: articles.published })
    .from(articles)
    .where(eq(articles.id, id))
    .for("update");
  if (!current) return false;
  const write = rowToWrite(article, current.published);
  if ("notReady" in write) return write;
  await db
    .update(articles)
    .set({ ...write.row, origin: "site", isSample: false, updatedAt: new Date() })
    .where(eq(articles.id, id));
  return true;
}

/**
 * Publishes or unpublishes an article; a draft that is not complete stays a draft. The
 * article's title, or undefined when there is no article `id`.
 */
export async function setArticlePublished({
  db,
  id,
  published,
}: {
  db: Database;
  id: number;
  published: boolean;
}): Promise<string | undefined | NotReady> {
  const [current] = await db.select().from(articles).where(eq(articles.id, id)).for("update");
  if (!current) return undefined;
  const write = rowToWrite(draftOfStored(current), published);
  if ("notReady" in write) return write;
  // Unpublishing leaves the text as it is; publishing writes the complete article's shape.
  await db
    .update(articles)
    .set({ ...(published ? write.row : {}), published, origin: "site", updatedAt: new Date() })
    .where(eq(articles.id, id));
  return current.title;
}

/** The deleted article's title, or undefined when there was no article `id`. */
export async function deleteArticle({
  db,
  id,
}: {
  db: Database;
  id: number;
}): Promise<string | undefined> {
  const [deleted] = await db
    .delete(articles)
    .where(eq(articles.id, id))
    .returning({ title: articles.title });
  return deleted?.title;
}
