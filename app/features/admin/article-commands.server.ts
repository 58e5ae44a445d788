import { desc, eq } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { articles } from "#database/schema";
import { contentChanged } from "#app/lib/content-caches.server";
import type { ArticleBody } from "#app/features/articles/article-schema";
import { recordAudit, type Actor } from "./audit.server";

/** Runs a change to articles, then drops every cached answer that may show it. */
async function changingArticles<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    contentChanged();
  }
}

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

/** Every article, drafts too, newest first, for the admin list. */
export async function listAllArticles({ db }: { db: Database }) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      date: articles.date,
      published: articles.published,
      isSample: articles.isSample,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .orderBy(desc(articles.id));
}

export async function getAnyArticle({ db, id }: { db: Database; id: number }) {
  const [article] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return article;
}

/** A new article, published or kept as a draft; written on the site, so loading content never touches it. */
export async function createArticle({
  db,
  actor,
  body,
  publish,
}: {
  db: Database;
  actor: Actor;
  body: ArticleBody;
  publish: boolean;
}) {
  return changingArticles(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(articles)
        .values({ ...rowOf(body), published: publish, origin: "site", isSample: false })
        .returning({ id: articles.id });
      await recordAudit({
        db: tx,
        actor,
        action: publish ? "article.create-published" : "article.create-draft",
        target: `article ${created!.id}`,
        details: { title: body.title },
      });
      return created!.id;
    }),
  );
}

export async function updateArticle({
  db,
  actor,
  id,
  body,
}: {
  db: Database;
  actor: Actor;
  id: number;
  body: ArticleBody;
}): Promise<boolean> {
  return changingArticles(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(articles)
        .set({ ...rowOf(body), origin: "site", isSample: false, updatedAt: new Date() })
        .where(eq(articles.id, id))
        .returning({ id: articles.id });
      if (!updated.length) return false;
      await recordAudit({
        db: tx,
        actor,
        action: "article.update",
        target: `article ${id}`,
        details: { title: body.title },
      });
      return true;
    }),
  );
}

export async function setArticlePublished({
  db,
  actor,
  id,
  published,
}: {
  db: Database;
  actor: Actor;
  id: number;
  published: boolean;
}): Promise<boolean> {
  return changingArticles(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(articles)
        .set({ published, origin: "site", updatedAt: new Date() })
        .where(eq(articles.id, id))
        .returning({ title: articles.title });
      if (!updated.length) return false;
      await recordAudit({
        db: tx,
        actor,
        action: published ? "article.publish" : "article.unpublish",
        target: `article ${id}`,
        details: { title: updated[0]!.title },
      });
      return true;
    }),
  );
}

export async function deleteArticle({
  db,
  actor,
  id,
}: {
  db: Database;
  actor: Actor;
  id: number;
}): Promise<boolean> {
  return changingArticles(() =>
    db.transaction(async (tx) => {
      const deleted = await tx
        .delete(articles)
        .where(eq(articles.id, id))
        .returning({ title: articles.title, contentKey: articles.contentKey });
      if (!deleted.length) return false;
      await recordAudit({
        db: tx,
        actor,
        action: "article.delete",
        target: `article ${id}`,
        details: { title: deleted[0]!.title },
      });
      return true;
    }),
  );
}
