import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "#database/client.server";
import { articles } from "#database/schema";
import { articleRow, completeArticle, draftOfStored, type ArticleDraft } from "./article-schema";

export type NotReady = { notReady: z.core.$ZodIssue[] };

// The one gate to published rows (docs/decisions/0037-drafts-and-the-editor-on-a-phone.md).
function rowToWrite(
  article: ArticleDraft,
  published: boolean,
): { row: ReturnType<typeof articleRow> } | NotReady {
  if (!published) return { row: articleRow(article) };
  const complete = completeArticle(article);
  return complete.success
    ? { row: articleRow(complete.data) }
    : { notReady: complete.error.issues };
}

/** Origin "site", so loading the content files never touches it. */
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
  await db
    .update(articles)
    .set({ ...(published ? write.row : {}), published, origin: "site", updatedAt: new Date() })
    .where(eq(articles.id, id));
  return current.title;
}

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
