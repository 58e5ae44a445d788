import { eq } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { articles } from "#database/schema";
import type { ArticleBody } from "./article-schema";

function rowOf(body: ArticleBody) {
  return {
    title: body.title,
    date: body.date,
    time: body.time,
    poster: body.poster,
    position: body.position,
    images: body.images,
    intro: [...body.intro],
    groups: [body.groups[0].sections, body.groups[1].sections] as [
      ArticleBody["groups"][0]["sections"],
      ArticleBody["groups"][1]["sections"],
    ],
    closingImage: body.closingImage,
    keywords: body.keywords,
  };
}

/**
 * A new article, published or kept as a draft. Written on the site (origin "site"), so
 * loading the content files never touches it.
 */
export async function createArticle({
  db,
  body,
  publish,
}: {
  db: Database;
  body: ArticleBody;
  publish: boolean;
}): Promise<number> {
  const [created] = await db
    .insert(articles)
    .values({ ...rowOf(body), published: publish, origin: "site", isSample: false })
    .returning({ id: articles.id });
  return created!.id;
}

/** False when there is no article `id`. */
export async function updateArticle({
  db,
  id,
  body,
}: {
  db: Database;
  id: number;
  body: ArticleBody;
}): Promise<boolean> {
  const updated = await db
    .update(articles)
    .set({ ...rowOf(body), origin: "site", isSample: false, updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  return updated.length > 0;
}

/** The article's title, or undefined when there is no article `id`. */
export async function setArticlePublished({
  db,
  id,
  published,
}: {
  db: Database;
  id: number;
  published: boolean;
}): Promise<string | undefined> {
  const [updated] = await db
    .update(articles)
    .set({ published, origin: "site", updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning({ title: articles.title });
  return updated?.title;
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
