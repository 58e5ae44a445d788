import { eq } from "drizzle-orm";
import type { Database } from "#database/client.server";
import { articles } from "#database/schema";
import { articleRow, completeArticle, draftOfStored, type ArticleDraft } from "./article-schema";
import { publishingMoment } from "./publishing-moment";

export type NotFound = { outcome: "not-found" };
const notFound: NotFound = { outcome: "not-found" };

/** The article a command changes, in the database it is in. */
type ArticleAt = { db: Database; id: number };

// The one gate to published rows (docs/decisions/0037-drafts-and-the-editor-on-a-phone.md):
// "not-ready" when too incomplete to publish, and then nothing is written. An article being
// published now shows now as its date and time (docs/decisions/0088-a-short-article-publishes.md).
function rowToWrite(article: ArticleDraft, published: boolean, publishedNow = false) {
  if (!published) return { outcome: "ready" as const, row: articleRow(article) };
  const moment = publishedNow ? publishingMoment(new Date()) : {};
  const complete = completeArticle({ ...article, ...moment });
  return complete.success
    ? { outcome: "ready" as const, row: articleRow(complete.data) }
    : { outcome: "not-ready" as const, issues: complete.error.issues };
}

type NewArticle = { db: Database; article: ArticleDraft; publish: boolean };

/** Origin "site", so loading the content files never touches it. */
export async function createArticle({ db, article, publish }: NewArticle) {
  const write = rowToWrite(article, publish, publish);
  if (write.outcome === "not-ready") return write;
  const [created] = await db
    .insert(articles)
    .values({ ...write.row, published: publish, origin: "site", isSample: false })
    .returning({ id: articles.id });
  return { outcome: "created" as const, id: created!.id };
}

/** `publish` publishes a draft as it is saved; a published article stays published. */
export async function updateArticle({
  db,
  id,
  article,
  publish = false,
}: ArticleAt & { article: ArticleDraft; publish?: boolean }) {
  const [current] = await db
    .select({ published: articles.published })
    .from(articles)
    .where(eq(articles.id, id))
    .for("update");
  if (!current) return notFound;
  const publishedNow = publish && !current.published;
  const write = rowToWrite(article, current.published || publish, publishedNow);
  if (write.outcome === "not-ready") return write;
  await db
    .update(articles)
    .set({
      ...write.row,
      ...(publishedNow ? { published: true } : {}),
      origin: "site",
      isSample: false,
      updatedAt: new Date(),
    })
    .where(eq(articles.id, id));
  return { outcome: publishedNow ? ("published" as const) : ("updated" as const) };
}

export async function setArticlePublished({
  db,
  id,
  published,
}: ArticleAt & { published: boolean }) {
  const [current] = await db.select().from(articles).where(eq(articles.id, id)).for("update");
  if (!current) return notFound;
  const { title } = current;
  const write = rowToWrite(draftOfStored(current), published, published && !current.published);
  if (write.outcome === "not-ready") return { ...write, title };
  // Unpublishing leaves the text as it is; publishing writes the complete article's shape.
  await db
    .update(articles)
    .set({ ...(published ? write.row : {}), published, origin: "site", updatedAt: new Date() })
    .where(eq(articles.id, id));
  return { outcome: "changed" as const, title };
}

export async function deleteArticle({ db, id }: ArticleAt) {
  const [deleted] = await db
    .delete(articles)
    .where(eq(articles.id, id))
    .returning({ title: articles.title });
  return deleted ? { outcome: "deleted" as const, title: deleted.title } : notFound;
}
